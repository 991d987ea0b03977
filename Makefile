# Two commands on a fresh machine:  `make lab` (set up + open the walkthrough), `make test` (everything).
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
ROOT   := $(if $(filter 0,$(shell id -u)),--allow-root,)
PORT   ?= 8888

.PHONY: lab test voila bench soak clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -U pip
	$(PY) -m pip install -q -e ".[dev]"
	touch $(STAMP)

lab: $(STAMP)  ## set up, then open the first walkthrough in JupyterLab on 127.0.0.1
	$(PY) -m jupyterlab --ServerApp.ip=127.0.0.1 --ServerApp.port=$(PORT) $(ROOT) \
		--ServerApp.root_dir=. notebooks/01_learn_the_rules.ipynb

voila: $(STAMP)  ## serve the club table notebook as a web app on 127.0.0.1
	$(PY) -m voila notebooks/05_play_at_the_club.ipynb --Voila.ip=127.0.0.1 --port=8866

test: $(STAMP)  ## lint and run the whole test suite (browser tests use Debian's chromium)
	bash scripts/ensure-chromium
	$(VENV)/bin/ruff check .
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) benchmarks/bench_engine.py

soak: $(STAMP)  ## the big soak on every core: make soak GAMES=100000
	$(PY) benchmarks/soak.py $(or $(GAMES),100000)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
