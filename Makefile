# make lab  - set up .venv on first use, then open JupyterLab on the first notebook
# make test - set up .venv on first use, then run every test (unit, rules, notebooks, browser)
# make voila - the course as web pages (Voila, offline template share/jupyter/voila/templates/ttr)
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: lab voila test setup bench clean

setup: $(STAMP)

$(STAMP): requirements.txt pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -r requirements.txt -e '.[cluster]'
	touch $(STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab $(ROOT_FLAG) notebooks/00_start_here.ipynb

voila: $(STAMP)
	JUPYTER_PATH=$(CURDIR)/share/jupyter $(VENV)/bin/voila --template=ttr notebooks

test: $(STAMP)
	$(PY) -m pytest --nbval-lax tests ttr_teach notebooks puzzles

bench: $(STAMP)
	for f in bench/*.py; do echo "== $$f"; $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
