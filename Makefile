# make setup - .venv with the package and every extra (requirements.txt: -e .[all,dev])
# make lab  - set up .venv on first use, then open JupyterLab on the first notebook
# make test - set up .venv on first use, then ruff and mypy, then every test (unit, rules, notebooks, browser),
#             on one process per logical CPU (TEST_JOBS=3 for three, TEST_JOBS=0 for this one only;
#             conftest.py says how the processes share the work)
# make test-fast - the same without the real-browser tests (tests/browser), for development
# make voila - the course as web pages (Voila, offline template share/jupyter/voila/templates/ttr)
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
TEST_JOBS ?= logical
PYTEST    := $(PY) -m pytest -n $(TEST_JOBS) --nbval-lax

.PHONY: lab voila test test-fast test-languages setup bench clean student translations

setup: $(STAMP)

$(STAMP): requirements.txt pyproject.toml
	@# bubblewrap: the sandbox students' bots run in (docs/bots.md); only where apt and root are there
	@command -v bwrap >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	  (apt-get install -y -qq bubblewrap >/dev/null 2>&1 || \
	   (apt-get update -qq && apt-get install -y -qq bubblewrap >/dev/null 2>&1)) || \
	  echo "note: bubblewrap not installed: students' bots will run without a sandbox (docs/bots.md)"; }
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -r requirements.txt
	touch $(STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab $(ROOT_FLAG) notebooks/00_start_here.ipynb

voila: $(STAMP)
	JUPYTER_PATH=$(CURDIR)/share/jupyter $(VENV)/bin/voila --template=ttr notebooks

test: $(STAMP)
	$(VENV)/bin/ruff check ttr_teach tests
	$(VENV)/bin/mypy ttr_teach
	$(PYTEST) --durations=30 tests ttr_teach notebooks puzzles

test-fast: $(STAMP)
	$(VENV)/bin/ruff check ttr_teach tests
	$(VENV)/bin/mypy ttr_teach
	$(PYTEST) --ignore=tests/browser tests ttr_teach notebooks puzzles

# make test-languages - the browser walk and the Voila axe scan of every translated notebook (make test takes a sample)
test-languages: $(STAMP)
	TTR_WALK_LANGUAGES=all $(PYTEST) tests/browser/test_walk.py tests/browser/test_axe.py

# make student - the student edition (build/student) and the teacher edition with its answer keys (build/teacher)
student: $(STAMP)
	$(PY) -m ttr_teach course student build/student
	$(PY) -m ttr_teach course teacher build/teacher

bench: $(STAMP)
	for f in bench/*.py; do echo "== $$f"; $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

# make translations - the catalogs updated from the English notebooks, then every notebook whose
#                     catalog is complete written in its language (notebooks/<lang>/, puzzles/<lang>/)
translations: $(STAMP)
	$(PY) -m ttr_teach.course.notebook_translation
