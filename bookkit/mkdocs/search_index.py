"""A built site's search index as the book writes it: Material's ``search_index.json``, with its
documents in ``search_docs.json`` beside it when the site defers them. Written by the Korean
search field (:mod:`bookkit.mkdocs.search`), read by the post-build checks
(:mod:`bookkit.mkdocs.site_check`) and the search benchmark."""

from __future__ import annotations

import json
from pathlib import Path

from bookkit.files import write_atomically

DOCS_FILE = "search_docs.json"  # beside search_index.json, when the site defers its documents
DEFERRING_WORKER = "assets/javascripts/workers/book-search.js"


def write_index(site_dir: Path, index: dict) -> None:
    """Write a built site's search ``index``: its documents apart, if the site can wait.

    Material's page script fetches ``search_index.json`` on every page load. A site that ships
    the deferring worker (``DEFERRING_WORKER``, wired up by overrides/main.html) fetches the
    documents (``search/search_docs.json``) only when the reader searches, so
    ``search_index.json`` keeps only the config. Each file is written whole: ``serve`` may be
    answering a request for it."""
    index_path = site_dir / "search" / "search_index.json"
    if (site_dir / DEFERRING_WORKER).is_file():
        write_atomically(index_path.parent / DOCS_FILE, _json(index["docs"]))
        index = {**index, "docs": []}
    write_atomically(index_path, _json(index))


def _json(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def read_index(site_dir: Path) -> dict:
    """A built site's whole search index, its documents deferred or not."""
    index = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    deferred = site_dir / "search" / DOCS_FILE
    if deferred.is_file():
        index["docs"] = json.loads(deferred.read_text(encoding="utf-8"))
    return index
