"""The ``bookkit/search`` plugin: the Korean search field of Material's search index
(:mod:`bookkit.mkdocs.search`).

- ``on_files`` (after the execution plugin's): when the pages differ from the last finished
  build's (:func:`bookkit.mkdocs.search.pages_digest`, kept in ``cache_dir``), Kiwi starts
  loading in a child process (:class:`bookkit.mkdocs.search.AnalysisHelper`, one of the
  build's helpers, :mod:`bookkit.mkdocs.helpers`) while the pages render.
- ``on_post_build``, after Material's search plugin wrote its index: every section gets its
  ``morphs`` and ``title_morphs`` fields (analysed, or kept in ``cache_dir``), the index is
  written again, its documents apart when the site defers them
  (:func:`bookkit.mkdocs.search_index.write_index`).
- ``serve --dirty``: Material's own dirty merge drops the last entries whose location starts
  with the first rendered page's URL, which misses the other rendered pages and drops a section
  index's children (``tensors/`` is a prefix of ``tensors/indexing/``); so Material writes this
  build's entries only and they are merged here with the last index's, in build order. After
  the first build that passed its checks, Kiwi loads in the background for the first save.
"""

from __future__ import annotations

import json
import logging
import threading
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority

from bookkit.files import write_atomically
from bookkit.mkdocs.book import book_of, helpers_of
from bookkit.mkdocs.search import (
    AnalysisHelper,
    add_morphs_field,
    pages_digest,
    search_memo,
    tidy_documents,
    warm_kiwi,
)
from bookkit.mkdocs.search_index import write_index

NAME = "bookkit/search"
log = logging.getLogger("mkdocs.plugins.bookkit")
LAST_PAGES = "last-pages"  # in cache_dir: pages_digest of the last build that finished


class SearchFieldConfig(base.Config):
    enabled = c.Type(bool, default=True)
    cache_dir = c.Type(str, default=".cache/bookkit/search")  # the sections' fields


def _page_url(location: str) -> str:
    return location.partition("#")[0]


def _url(file) -> str:
    """A page's URL as Material's search index writes it (the home page's is empty)."""
    return "" if file.url in (".", "./") else file.url


class SearchFieldPlugin(BasePlugin[SearchFieldConfig]):
    """The Korean search field."""

    serve = False  # `serve --dirty`: this instance is kept across its rebuilds
    warming: threading.Thread | None = None  # Kiwi loading while `serve` waits for a save
    last_docs: list[dict] = []  # `serve`: the last index's entries

    def on_startup(self, command, dirty, **kwargs):
        self.serve = dirty

    def on_config(self, config, **kwargs):
        self.cache = Path(config.config_file_path).resolve().parent / self.config.cache_dir
        self.helper: AnalysisHelper | None = None
        self.glossary = self.digest = ""
        self.order: list[str] = []  # `serve`: page URLs in build order
        self.rendered: set[str] = set()  # `serve`: URLs of the pages rendered this build
        return config

    @event_priority(-110)  # after the execution plugin read and ran the book
    def on_files(self, files, config, **kwargs):
        if not self.config.enabled:
            return files
        book = book_of(config, NAME)
        self.glossary = book.text_of_kind("glossary")
        self.digest = pages_digest([page.text for page in book.pages.values()],
                                   sorted(outcome.key for outcome in book.outcomes.values()))
        last = self.cache / LAST_PAGES
        same = last.is_file() and last.read_text(encoding="utf-8") == self.digest
        if not same and not self.serve:  # `serve` has Kiwi loaded in-process already
            self.helper = helpers_of(config, NAME).add(
                "kiwi", AnalysisHelper(self.glossary, book.root))
        return files

    @event_priority(-110)  # after every plugin chose the pages of a dirty build
    def on_nav(self, nav, config, files, **kwargs):
        if self.config.enabled and self.serve:
            pages = list(files.documentation_pages())
            self.order = [_url(file) for file in pages]
            self.rendered = {_url(file) for file in pages if file.is_modified()}
            search = config.plugins.get("material/search")
            if search is not None and hasattr(search, "search_index_prev"):
                search.search_index_prev = None  # it writes this build's entries only
        return nav

    @event_priority(-30)  # after Material's search plugin wrote the index (0)
    def _add_field(self, config, **kwargs):
        if not self.config.enabled:
            return
        index = Path(config.site_dir) / "search" / "search_index.json"
        try:
            self._merge(index)
            if not index.is_file():
                return
            if self.warming is not None:
                self.warming.join()  # Kiwi is loaded once per process
            search_index = json.loads(index.read_bytes())
            tidy_documents(search_index)
            memo = search_memo(self.cache)
            counts = add_morphs_field(search_index, self.glossary, memo, self.helper)
            if not self.serve:  # a full build saw every section: the rest is old
                memo.sweep()
            write_index(Path(config.site_dir), search_index)
            write_atomically(self.cache / LAST_PAGES, self.digest.encode())
            log.info("bookkit: Korean search field: %(analysed)d sections analysed, "
                     "%(reused)d reused", counts)
        finally:
            if self.helper is not None:
                self.helper.close()

    def _merge(self, index_path: Path) -> None:
        """After a dirty build: the index is the last one with the rendered pages' new entries,
        in build order."""
        if not self.serve or not index_path.is_file():
            return
        index = json.loads(index_path.read_text(encoding="utf-8"))
        kept = [doc for doc in self.last_docs if _page_url(doc["location"]) not in self.rendered]
        new = [doc for doc in index["docs"] if _page_url(doc["location"]) in self.rendered]
        rank = {url: number for number, url in enumerate(self.order)}
        docs = sorted(kept + new, key=lambda doc: rank.get(_page_url(doc["location"]), len(rank)))
        index["docs"] = docs
        self.last_docs = [dict(doc) for doc in docs]
        index_path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")),
                              encoding="utf-8")

    @event_priority(-90)  # after the post-build checks passed (bookkit/checks: -60)
    def _warm(self, config, **kwargs):
        if (self.config.enabled and self.serve and self.warming is None
                and book_of(config, NAME).execute):  # a save will need Kiwi: load it now
            self.warming = threading.Thread(target=warm_kiwi, args=(self.glossary,),
                                            daemon=True)
            self.warming.start()

    on_post_build = CombinedEvent(_add_field, _warm)
