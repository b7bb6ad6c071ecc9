"""Files generated from other files (exercise stubs, lab notebooks), kept in sync by a check."""

from __future__ import annotations

import sys
from pathlib import Path


def write_or_check(expected: dict[Path, str], root: Path, *, check: bool, command: str) -> int:
    """Write every file of ``expected`` that differs, or with ``check`` only report them.

    Returns the exit status: 1 when ``check`` found an out-of-date file, else 0.
    """
    stale = []
    for path, text in expected.items():
        path = root / path
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue
        relative = path.relative_to(root)
        if check:
            stale.append(relative)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {relative}")
    for relative in stale:
        print(f"out of date: {relative}", file=sys.stderr)
    if stale:
        print(f"run: {command}", file=sys.stderr)
        return 1
    return 0
