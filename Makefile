# Every target hands over to the one task runner, scripts/dev.py (see its --help).
.PHONY: env serve build test lint pytest recordings-check record bench verify exercises test-exercises lab clean

env serve build test lint pytest recordings-check bench verify test-exercises lab clean:
	python3 scripts/dev.py $@

DEVICE ?= cpu
record:
	python3 scripts/dev.py record --device $(DEVICE)

exercises:
	python3 scripts/dev.py exercises
