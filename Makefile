# Two commands on a fresh machine:  `make lab` (set up + open the walkthrough), `make test` (everything).
# `make test-fast`: the quick part alone; `make voila` (LAN=1 for the room): the club table for a classroom;
# `make lite`: the walkthroughs as a static site that runs in the browser (a stick, a static host).
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
PORT   ?= 8888
# pytest-xdist workers for the tests without a browser (CI has two cores)
JOBS   ?= 2

.PHONY: lab test test-fast voila lite bench soak clean

# pip shows what it collects and installs: the first install takes 2-3 minutes and should not look stuck
$(STAMP): pyproject.toml speedups/pyproject.toml speedups/setup.py speedups/lotus_kit_speedups.c
	@echo "==> 1/3 creating $(VENV) with $(PYTHON)"
	$(PYTHON) -m venv $(VENV)
	@echo "==> 2/3 updating pip"
	$(PY) -m pip install -q -U pip
	@echo "==> 3/3 installing lotus_kit with JupyterLab, plotly, Voila, pandas and the test tools (2-3 minutes)"
	$(PY) -m pip install --progress-bar on -e ".[dev]"
	@echo "==> and the compiled speedups (speedups/: Winter's thaw legal set in C; the engines run without them)"
	$(PY) -m pip install --progress-bar on ./speedups || \
	  echo "==> the compiled speedups did not build (no C compiler?): the engines run on pure Python"
	touch $(STAMP)
	@echo "==> installed into $(VENV)"

lab: $(STAMP)  ## set up, then open the first walkthrough in JupyterLab on 127.0.0.1 (prints the address to open)
	$(PY) scripts/lab.py --port $(PORT) notebooks/01_learn_the_rules.ipynb

voila: $(STAMP)  ## serve the club table as a web app: 127.0.0.1 (LAN=1: the room), token, kernel cap, idle culling
	$(PY) -m lotus_kit.classroom notebooks/05_play_at_the_club.ipynb --port=$(or $(VOILA_PORT),8866) $(if $(LAN),--lan,)

lite:  ## the kit as a static JupyterLite site in build/lite: no install, no server, no network (LITE_OUT=dir)
	$(PYTHON) scripts/lite.py --out $(or $(LITE_OUT),build/lite)

# The tests without a browser run on JOBS workers; then the browser tests run alone, one at a time (they
# wait on real pages and must not compete with the parallel part). The browser part runs even when the
# first part failed, so one run shows every failure; `make test` fails if either part did.
test: $(STAMP)  ## lint, check the import layers and run the whole test suite (browser tests use Debian's chromium)
	bash scripts/ensure-chromium
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -n $(JOBS) -m "not e2e"; quick=$$?; \
	$(PY) -m pytest -m e2e; browser=$$?; \
	echo "==> tests without a browser: exit $$quick; browser tests: exit $$browser"; \
	[ $$quick -eq 0 ] && [ $$browser -eq 0 ]

test-fast: $(STAMP)  ## lint, the import layers and the quick tests: no browser, no servers, no notebook runs
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -n $(JOBS) -m "not e2e and not slow" --ignore=tests/notebooks

bench: $(STAMP)
	$(PY) benchmarks/bench_engine.py

soak: $(STAMP)  ## the big soak on every core: make soak GAMES=100000
	$(PY) benchmarks/soak.py $(or $(GAMES),100000)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
