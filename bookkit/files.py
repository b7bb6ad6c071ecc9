"""Writing a file that readers and other builds may open meanwhile (standard library only)."""

from __future__ import annotations

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
