"""The execution store: what each unit printed, keyed by :meth:`bookkit.exec.units.Unit.key`.

One entry is one JSON file, ``<store>/<first two characters>/<key>.json``::

    {"schema": 2, "key": "...", "unit": "docs/tensors/index.md:tensors",
     "outputs": {"block-id": "what it printed", ...},
     "inputs": {"labs/x.py": "<sha256>", "recordings/a/cuda.json": null, ...},
     "machine": {"torch": "2.13.0+cpu", ...}, "executed_at": "...", "seconds": 1.2,
     "digest": "<sha256 of every other field>"}

``inputs`` are the project files the unit imported or opened while it ran (``null``: it tried
to open a file that did not exist). An entry is used only while every one of them still has
that content, so an edit to a module a page imports, or a new recording, runs the unit again.

The store fails safe: an entry that cannot be read, is not UTF-8 JSON, lacks a field or has
one of the wrong type, or whose ``digest`` does not match its content (an edited output) is a
miss, reported in one log line (logger ``bookkit``) naming the entry file and the unit, and
the unit runs again. An entry of another ``schema`` is a quiet miss. The digest catches edits
and corruption, not a forger who recomputes it: ``python3 scripts/dev.py verify``
(:mod:`bookkit.tools.verify`) re-executes stored units to catch that.

Why plain JSON files rather than a cache library (diskcache, say): entries must be readable
and diffable (device recordings are committed in the same spirit), shards of a build merge by
copying files whose names never collide, and ``actions/cache`` keeps a folder. Writes go to a
temporary file that ``os.replace`` moves into place, so concurrent builds and tests in other
processes only ever read whole entries; two writers of one key write equivalent entries
(``tests/test_store_safety.py`` proves it with concurrent writer processes).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Any

from bookkit.exec.tracking import (
    ALL_ENV,
    DIR_PREFIX,
    ENV_PREFIX,
    environment_digest,
    file_digest,
    listing_digest,
    value_digest,
)
from bookkit.memo import entry_path
from bookkit.settings import environment

SCHEMA = 2
INVALID = "(not an input this project can have)"  # a digest no file or variable gives
log = logging.getLogger("bookkit")

# Every field of an entry and the types it must have ("digest" covers all the others).
FIELDS: dict[str, type | tuple[type, ...]] = {
    "schema": int, "key": str, "unit": str, "outputs": dict, "inputs": dict, "machine": dict,
    "executed_at": str, "seconds": (int, float), "digest": str,
}


class InvalidEntry(ValueError):
    """A store entry that cannot be used; the message says why."""


def entry_digest(entry: dict[str, Any]) -> str:
    """SHA-256 over every field of ``entry`` but ``digest``, as canonical JSON."""
    content = {name: value for name, value in entry.items() if name != "digest"}
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def validate_entry(entry: Any, key: str) -> dict[str, Any]:
    """``entry`` if it is a whole, untouched entry of this schema for ``key``; else
    :class:`InvalidEntry` saying what is wrong."""
    if not isinstance(entry, dict):
        raise InvalidEntry(f"not a JSON object but {type(entry).__name__}")
    for name, kind in FIELDS.items():
        if name not in entry:
            raise InvalidEntry(f"no {name!r} field")
        value = entry[name]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise InvalidEntry(f"{name!r} is {type(value).__name__}, not {_type_names(kind)}")
    if entry["key"] != key:
        raise InvalidEntry(f"its key {entry['key']!r} is not the file's")
    if not all(isinstance(block, str) for block in entry["outputs"]):
        raise InvalidEntry("'outputs' has a block id that is not a string")
    for path, digest in entry["inputs"].items():
        if not isinstance(digest, str | None):
            raise InvalidEntry(f"'inputs' gives {path!r} a {type(digest).__name__}, "
                               "not a digest string or null")
        if not path.startswith("$") and not is_project_path(path):
            raise InvalidEntry(f"'inputs' names {path!r}, which is not a path inside the project")
    if entry["digest"] != entry_digest(entry):
        raise InvalidEntry("its digest does not match its content (edited or corrupt)")
    return entry


def is_project_path(name: str) -> bool:
    """Whether ``name`` is a relative path that stays inside the project (no ``..``, not
    absolute, no empty or ``.`` parts, no NUL)."""
    parts = name.split("/")
    return bool(name) and "\0" not in name and "\\" not in name and not name.startswith("/") \
        and all(part not in ("", ".", "..") for part in parts)


def _type_names(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(k.__name__ for k in kinds)


class Digests:
    """Input digests memoised for one build, so each input is hashed once.

    An input is a project file (its root-relative path) or, with a ``$`` name no file path
    has (:mod:`bookkit.exec.tracking`), an environment variable (``$env:NAME``, a digest of its
    value now), a folder listing (``$dir:PATH``, a digest of its sorted names) or
    ``$untracked`` (a process was started), which never matches: that unit always runs.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self._known: dict[str, str | None] = {}

    def __call__(self, relative: str) -> str | None:
        if relative not in self._known:
            self._known[relative] = self._digest(relative)
        return self._known[relative]

    def _digest(self, name: str) -> str | None:
        if not name.startswith("$"):
            return file_digest(self.root / name) if is_project_path(name) else INVALID
        if name == ENV_PREFIX + ALL_ENV:
            return environment_digest(environment())
        if name.startswith(ENV_PREFIX):
            return value_digest(environment().get(name.removeprefix(ENV_PREFIX)))
        if name.startswith(DIR_PREFIX):
            folder = name.removeprefix(DIR_PREFIX)
            if folder.startswith("/") or ".." in folder.split("/"):
                return None
            return listing_digest(self.root / folder, top=folder == ".")
        return None  # $untracked, or a name this version does not know: never a match

    def changed(self, inputs: dict[str, str | None]) -> list[str]:
        """The inputs whose current content differs from what the entry saw."""
        return sorted(path for path, digest in inputs.items() if self(path) != digest)


class Store:
    """A store folder; with ``secondary``, a second folder read on a miss and never written
    (for instance a store restored from CI)."""

    def __init__(self, directory: Path, secondary: Path | None = None) -> None:
        self.directory = Path(directory)
        self.secondary = Store(secondary) if secondary is not None else None

    def path(self, key: str) -> Path:
        return entry_path(self.directory, key, ".json")

    def get(self, key: str, unit: str | None = None) -> dict[str, Any] | None:
        """The entry for ``key``, or ``None``: none stored, another schema, or unusable.

        An unusable entry (unreadable, not UTF-8 JSON, wrong fields, digest mismatch) is
        reported in one log line naming its file and ``unit`` (the unit it was looked up for).
        """
        entry = self._read(key, unit)
        if entry is None and self.secondary is not None:
            return self.secondary.get(key, unit)
        return entry

    def _read(self, key: str, unit: str | None) -> dict[str, Any] | None:
        entry, reason = self.load(key)
        if reason is not None:
            log.warning("%s: unusable store entry for unit %s: %s; the unit runs again",
                        self.path(key), unit or "unknown unit", reason)
        return entry

    def load(self, key: str) -> tuple[dict[str, Any] | None, str | None]:
        """This folder's entry for ``key`` (no secondary), or ``None`` with why it is unusable
        (``None`` as the reason: no entry, or one of another schema)."""
        path = self.path(key)
        try:
            if not stat.S_ISREG(path.lstat().st_mode):  # a FIFO would block the read
                return None, "not a regular file"
            entry = json.loads(path.read_bytes().decode("utf-8"))
            if isinstance(entry, dict) and isinstance(entry.get("schema"), int) \
                    and not isinstance(entry["schema"], bool) and entry["schema"] != SCHEMA:
                log.debug("%s: store entry of schema %s, not %s: a miss",
                          path, entry["schema"], SCHEMA)
                return None, None
            return validate_entry(entry, key), None
        except FileNotFoundError:
            return None, None
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
            if isinstance(error, UnicodeDecodeError):
                reason = f"not UTF-8 (byte {error.start})"
            elif isinstance(error, json.JSONDecodeError):
                reason = f"not JSON ({error.msg} at line {error.lineno})"
            elif isinstance(error, OSError):
                reason = f"unreadable ({error.strerror or error})"
            else:
                reason = str(error)
            return None, " ".join(reason.split())

    def put(self, entry: dict[str, Any]) -> Path:
        path = self.path(entry["key"])
        path.parent.mkdir(parents=True, exist_ok=True)
        whole = {"schema": SCHEMA, **{k: v for k, v in entry.items() if k != "digest"}}
        whole["digest"] = entry_digest(whole)
        text = json.dumps(whole, ensure_ascii=False, indent=1)
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=path.parent, suffix=".tmp", delete=False
        ) as handle:
            handle.write(text + "\n")
        os.replace(handle.name, path)
        return path

    def prune(self, keep: set[str], younger_than: float) -> list[Path]:
        """Remove the entries whose key is not in ``keep`` and whose file is older than
        ``younger_than`` (a ``time.time()`` value); the removed files."""
        removed = []
        for path in sorted(self.directory.glob("??/*.json")):
            if path.stem not in keep and path.stat().st_mtime < younger_than:
                path.unlink()
                removed.append(path)
        return removed

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
