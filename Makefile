# Table Ruling: `make run` serves the site, `make test` runs the whole suite (what CI runs).
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
HOST ?= 0.0.0.0
PORT ?= 8000

.PHONY: venv run test chromium postgres nginx lint bench fuzz clean

$(STAMP): requirements.txt
	@if ! $(PY) -c 'import sys; assert sys.version_info >= (3, 12)' 2>/dev/null; then \
		rm -rf $(VENV); py=$$(scripts/find-python) || exit 1; echo "creating $(VENV) with $$py"; "$$py" -m venv $(VENV); fi
	$(PY) -m pip install -q --disable-pip-version-check -r requirements.txt
	@$(PY) -c 'import django; assert django.VERSION >= (6, 1), django.VERSION'
	touch $(STAMP)

# the browser libraries (package-lock.json): served by Django from node_modules, never committed
$(NODE_STAMP): package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

venv: $(STAMP) $(NODE_STAMP)

run: venv
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_examples
	$(PY) manage.py runserver $(HOST):$(PORT)

chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
		echo "installing Debian's chromium for the browser tests"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi
	@/usr/bin/chromium --version

lint: venv
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

postgres:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		echo "installing Debian's postgresql for the PostgreSQL test run"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq postgresql >/dev/null; \
	fi

# the abuse limits are tested behind a real nginx (tests/web/test_real_proxy.py)
nginx:
	@if [ ! -x /usr/sbin/nginx ]; then \
		echo "installing Debian's nginx for the proxy test"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nginx >/dev/null; \
	fi

# Engine tests first, then the web client, then the browser (one Chromium for the run);
# then the web and API suites again on a throwaway PostgreSQL cluster.
test: venv chromium postgres nginx lint
	$(PY) manage.py makemigrations --check --dry-run
	TABLE_RULING_CACHE_DIR=$$(mktemp -d) $(PY) -m pytest tests/engine tests/web tests/e2e
	TABLE_RULING_CACHE_DIR=$$(mktemp -d) scripts/test-postgres

# The long fuzz profile (issues: survive a forum, reliability): 102,000 inputs over every route test,
# weighted per test (scripts/fuzz-long; FUZZ_SCALE multiplies the counts).
FUZZ_SCALE ?= 1
fuzz: venv
	PY=$(PY) scripts/fuzz-long $(FUZZ_SCALE)

bench: venv
	$(PY) bench/bench_ruling.py

clean:
	rm -rf $(VENV) node_modules staticfiles test-results
