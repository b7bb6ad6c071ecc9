"""One memo for everything the build derives from content: a folder of files named by the
digest of what made them (``<folder>/<first two characters>/<key><suffix>``).

- :meth:`Memo.get` treats a missing, unreadable or damaged file as absent, so the caller makes
  the artefact again instead of failing; :meth:`Memo.put` writes through a temporary file
  (:func:`bookkit.files.write_atomically`), so a reader never sees part of one.
- Both mark the key as used by this process; :meth:`Memo.sweep` removes every file of the
  folder no get or put of this build touched. A caller sweeps only after a full build (one
  that looked at everything it could need), never after a ``serve --dirty`` rebuild.

The search field, the site check's scans and the set math keep their artefacts here. The
execution store keeps its own schema and digests (:mod:`bookkit.exec.store`); ``dev.py clean``
is the only other deleter. A few small files per page read once per build need no cache
library.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bookkit.files import write_atomically


def entry_path(folder: Path, key: str, suffix: str = "") -> Path:
    """Where the file for ``key`` lives: one subfolder per two leading characters, so no folder
    holds more than a few hundred files. The execution store uses the same layout."""
    return Path(folder) / key[:2] / f"{key}{suffix}"


class Memo:
    def __init__(self, folder: Path, suffix: str = "") -> None:
        self.folder = Path(folder)
        self.suffix = suffix
        self.used: set[str] = set()

    def path(self, key: str) -> Path:
        return entry_path(self.folder, key, self.suffix)

    def get(self, key: str) -> bytes | None:
        self.used.add(key)
        try:
            return self.path(key).read_bytes()
        except OSError:
            return None

    def get_json(self, key: str) -> Any:
        data = self.get(key)
        if data is None:
            return None
        try:
            return json.loads(data)
        except ValueError:  # cut short by a crash of an older writer, or edited by hand
            return None

    def put(self, key: str, data: bytes) -> None:
        self.used.add(key)
        try:
            write_atomically(self.path(key), data)
        except OSError:  # only a memo: another build may be sweeping the folder
            pass

    def put_json(self, key: str, value: Any) -> None:
        self.put(key, json.dumps(value, ensure_ascii=False).encode())

    def sweep(self) -> int:
        """Remove the files this build used none of; how many."""
        removed = 0
        for path in self.folder.glob("*/*"):
            if path.name.endswith(".tmp"):
                continue
            key = path.name[: len(path.name) - len(self.suffix)] if self.suffix else path.name
            if key not in self.used:
                path.unlink(missing_ok=True)
                removed += 1
        return removed
