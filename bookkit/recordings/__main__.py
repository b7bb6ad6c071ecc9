"""``python -m bookkit.recordings``: see :mod:`bookkit.recordings.cli`."""

from bookkit.recordings.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
