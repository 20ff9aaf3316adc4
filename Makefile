# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
LINTED := $(wildcard desktop tests benchmarks packaging)
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test lint format bench clean dist dist-check screenshots

$(BIN)/python:
	@$(PYTHON) -m venv $(VENV) || { \
	  echo "Could not create a virtual environment. On Debian or Ubuntu: sudo apt install python3-venv"; \
	  rm -rf $(VENV); exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip

# Re-install whenever pyproject.toml changes.
$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@ $(VENV)/.app-installed

$(VENV)/.dist-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dist]'
	@touch $@ $(VENV)/.app-installed

run: $(VENV)/.app-installed
	$(BIN)/middleground

lint: $(VENV)/.test-installed
	$(BIN)/ruff check $(LINTED)
	$(BIN)/ruff format --check $(LINTED)

format: $(VENV)/.test-installed
	$(BIN)/ruff check --fix $(LINTED)
	$(BIN)/ruff format $(LINTED)

test: lint
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider

bench: $(VENV)/.test-installed
	$(BIN)/python benchmarks/run.py

# The Linux bundle (dist/middleground/), its .tar.xz and its .desktop entry; see packaging/.
XZ ?= xz -T0 -6
PYINSTALLER = $(BIN)/pyinstaller --noconfirm --log-level WARN

dist: $(VENV)/.dist-installed
	rm -rf dist/middleground
	$(PYINSTALLER) --distpath dist --workpath build/pyinstaller packaging/middleground.spec
	$(BIN)/python packaging/linux/package.py --dist dist --xz "$(XZ)"

# The frozen self-test, then size and start-up beside a hello-world bundle built the same way.
dist-check: dist
	$(PYINSTALLER) --distpath build/hello/dist --workpath build/hello/work packaging/hello/hello.spec
	$(BIN)/python packaging/dist_check.py --app dist/middleground --hello build/hello/dist/hello \
	  --archive "$$(ls -t dist/middleground-*-linux-*.tar.xz | head -n 1)" --xz "$(XZ)"

clean:
	rm -rf $(VENV) build dist

# Screens as PNGs for looking at them (under Xvfb when it is installed, else offscreen).
screenshots: $(VENV)/.app-installed
	@if command -v xvfb-run >/dev/null; then \
	  xvfb-run -a -s "-screen 0 1920x1080x24" $(BIN)/python -m middleground.ui.showcase build/screenshots; \
	else QT_QPA_PLATFORM=offscreen $(BIN)/python -m middleground.ui.showcase build/screenshots; fi
