# Every target runs inside .venv, which `python3 scripts/dev.py env` creates when missing.
# CI runs `python3 scripts/dev.py test`: lint, then pytest (which also builds the book strictly).
VENV := .venv/bin
export NO_MKDOCS_2_WARNING := 1

.PHONY: env serve test lint pytest build site-check clean

env:
	python3 scripts/dev.py env

serve:
	python3 scripts/dev.py serve

test:
	python3 scripts/dev.py test

lint: env
	$(VENV)/ruff check .

pytest: env
	$(VENV)/python -m pytest -q

build: env
	$(VENV)/mkdocs build --strict

site-check: build
	$(VENV)/python -m bookkit.site_check site

clean:
	rm -rf site .cache .pytest_cache .ruff_cache
