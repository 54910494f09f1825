"""The lessons open and run in a real JupyterLab in headless Chromium."""
from .lab import cell_errors, open_notebook, run_all_cells


def test_start_here_notebook_runs_in_jupyterlab(jupyter_lab, page):
    open_notebook(page, jupyter_lab, "notebooks/00_start_here.ipynb")
    run_all_cells(page)
    assert not cell_errors(page)
    assert page.get_by_text("47 cities, 101 routes, 46 tickets").count() >= 1
