#!/usr/bin/env python3
"""Entry point of :mod:`bookkit.tools.bench`."""

# Run with the project root on PYTHONPATH, as scripts/dev.py does.

from bookkit.tools.bench import main

if __name__ == "__main__":
    raise SystemExit(main())
