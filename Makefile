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

# The checks of `test`, one at a time; their commands live in scripts/dev.py (CHECKS).
lint pytest recordings-check:
	python3 scripts/dev.py $@

build: env
	$(VENV)/mkdocs build --strict

site-check: build
	$(VENV)/python -m bookkit.site_check site

clean:
	rm -rf site .cache .pytest_cache .ruff_cache

# Device-dependent outputs (bookkit/recordings.py): run every recorded snippet on DEVICE and
# write recordings/<snippet>/<DEVICE>.json; the check fails on a missing CPU recording or on
# any invalid or stale one (a missing CUDA recording is reported, not an error).
DEVICE ?= cpu

.PHONY: record recordings-check

record: env
	$(VENV)/python -m bookkit.recordings record --device $(DEVICE)


# --- labs and exercises ---------------------------------------------------------------------
.PHONY: exercises exercises-check lab test-exercises

# Regenerate the student stubs (labs/**/exercises*) and the lab notebook page from their sources.
exercises: env
	$(VENV)/python scripts/make_exercise_stubs.py
	$(VENV)/python scripts/make_lab_notebook.py

# Fail when a stub or the lab notebook is out of date (tests/labs runs the same check).
exercises-check: env
	$(VENV)/python scripts/make_exercise_stubs.py --check
	$(VENV)/python scripts/make_lab_notebook.py --check

# Print the autograd_bugs lab's three-part report.
lab: env
	$(VENV)/python -m labs.deep_learning_pytorch.tensors_and_autograd.autograd_bugs

# Run the exercise tests against the student versions (they fail until filled in).
test-exercises: env
	$(VENV)/python -m pytest -q tests/labs --impl=exercise
