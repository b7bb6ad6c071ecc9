"""Writing a file that readers and other builds may open meanwhile, and reading a kept one back
(standard library only)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
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


class Stamps:
    """What ``serve`` remembers of the built files a check read, across its rebuilds: each
    file's modification time and size with the key made from its bytes. A file whose time and
    size are the same as then gives that key back, so it is not read again."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[int, int, str]] = {}

    def key(self, path: Path, stat: os.stat_result) -> str | None:
        """The key made from ``path`` when it had this ``stat``'s time and size, else None."""
        mtime, size, key = self._kept.get(str(path), (None, None, None))
        return key if (mtime, size) == (stat.st_mtime_ns, stat.st_size) else None

    def remember(self, path: Path, stat: os.stat_result, key: str) -> None:
        """``key`` was made from ``path``'s bytes, read after ``stat`` was taken."""
        self._kept[str(path)] = (stat.st_mtime_ns, stat.st_size, key)


def read_kept_json(path: Path):
    """The JSON a cache kept in ``path``, or None when it has none: the file is missing, or
    cannot be read as JSON (cut short by a crash of an older writer, or edited by hand), so the
    caller makes it again instead of failing the build."""
    try:
        return json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None


def tree_files(root: Path) -> list[str]:
    """The working tree's files at ``root``, tracked and untracked, not ignored (relative
    names, as git lists them)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root, capture_output=True, check=True,
    ).stdout.decode().split("\0")
    return [name for name in listed if name and (root / name).is_file()]


def copy_tree(target: Path, root: Path | None = None) -> None:
    """Copy the working tree at ``root`` (this checkout's by default) into ``target``: what
    git would commit, nothing it ignores (no store, no caches, no site)."""
    root = Path(root) if root else Path(__file__).resolve().parent.parent
    for name in tree_files(root):
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target / name)
