"""The execution store: what each unit printed, keyed by :meth:`bookkit.units.Unit.key`.

One entry is one JSON file, ``<store>/<key[:2]>/<key>.json``::

    {"schema": 1, "key": "...", "unit": "docs/tensors/index.md:tensors",
     "outputs": {"block-id": "what it printed", ...},
     "inputs": {"labs/x.py": "<sha256>", "recordings/a/cuda.json": null, ...},
     "machine": {"torch": "2.13.0+cpu", ...}, "executed_at": "...", "seconds": 1.2}

``inputs`` are the project files the unit imported or opened while it ran (``null``: it tried
to open a file that did not exist). An entry is used only while every one of them still has
that content, so an edit to a module a page imports, or a new recording, runs the unit again.

Why plain JSON files rather than a cache library (diskcache, say): entries must be readable
and diffable (device recordings are committed in the same spirit), shards of a build merge by
copying files whose names never collide, and ``actions/cache`` keeps a folder. Writes go to a
temporary file that ``os.replace`` moves into place, so concurrent builds and tests in other
processes only ever read whole entries; two writers of one key write equivalent entries.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

SCHEMA = 1


def default_store_dir(root: Path) -> Path:
    return Path(os.environ.get("BOOK_STORE", root / ".cache" / "bookkit" / "store"))


def file_digest(path: Path) -> str | None:
    """SHA-256 of a file's bytes, or ``None`` when there is no such file."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None


class Digests:
    """File digests memoised for one build, so each input is hashed once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._known: dict[str, str | None] = {}

    def __call__(self, relative: str) -> str | None:
        if relative not in self._known:
            self._known[relative] = file_digest(self.root / relative)
        return self._known[relative]

    def changed(self, inputs: dict[str, str | None]) -> list[str]:
        """The inputs whose current content differs from what the entry saw."""
        return sorted(path for path, digest in inputs.items() if self(path) != digest)


class Store:
    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    def path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        try:
            entry = json.loads(self.path(key).read_text(encoding="utf-8"))
        except (FileNotFoundError, json.JSONDecodeError):
            return None
        if entry.get("schema") != SCHEMA or entry.get("key") != key:
            return None
        return entry

    def put(self, entry: dict[str, Any]) -> Path:
        path = self.path(entry["key"])
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"schema": SCHEMA, **entry}, ensure_ascii=False, indent=1)
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=path.parent, suffix=".tmp", delete=False
        ) as handle:
            handle.write(text + "\n")
        os.replace(handle.name, path)
        return path

    def entries(self) -> list[Path]:
        return sorted(self.directory.glob("??/*.json"))

    def merge_from(self, other: Path) -> int:
        """Copy every entry of the store at ``other`` that this one lacks; return how many."""
        copied = 0
        for source in sorted(Path(other).glob("??/*.json")):
            target = self.directory / source.parent.name / source.name
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)
                copied += 1
        return copied
