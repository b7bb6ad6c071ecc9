"""Writing a file that readers and other builds may open meanwhile, and reading a kept one back
(standard library only)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in its folder (``*.tmp``) moved into
    place: a reader, or another process writing the same file, sees the old file or the new,
    never part of one. The file is readable by all (0644), as the site's files must be."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as stream:
        stream.write(data)
    written = Path(stream.name)
    try:
        written.chmod(0o644)  # a temporary file is private
        written.replace(path)
    except BaseException:
        written.unlink(missing_ok=True)
        raise


def read_kept_json(path: Path):
    """The JSON a cache kept in ``path``, or None when it has none: the file is missing, or
    cannot be read as JSON (cut short by a crash of an older writer, or edited by hand), so the
    caller makes it again instead of failing the build."""
    try:
        return json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
