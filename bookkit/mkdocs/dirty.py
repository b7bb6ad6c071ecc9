"""`mkdocs serve --dirty` made right for this book: a save re-renders what it changed, no more.

MkDocs' dirty build renders only the pages whose source is newer than their built HTML. On its
own that is wrong here in four ways, each put right by this module (in memory, for the life of
the ``serve`` process):

- a snippet edit changes a page's code and outputs without touching the page: every page whose
  units' keys differ from the last build is rendered again;
- the glossary's "나오는 곳" column is made from the chapters' text: when what it shows (which
  chapter uses which term, the chapters' titles) changed, the glossary is rendered again;
- what every page shows of the others (the navigation's titles, the glossary's terms linked
  from chapters, the site's config and the build code) changed: every page is rendered again;
- the pages not rendered are not read, so their navigation titles would be missing: their
  sources are read (not rendered) before the pages are built; and Material's search index,
  which its dirty merge rebuilds by URL prefix, is rebuilt from the last index with the
  entries of the pages rendered now.

A page is rendered again by removing its built HTML, which is MkDocs' own test of a modified
page. A plain ``mkdocs build`` is never dirty and none of this runs.

So that a save shows in under a second, what did not change between saves is kept, each item
checked against its inputs: a page's ``Page`` (its bytes), a markdown page's units (its text,
and where each included file resolves and its bytes), the theme's compiled templates (Jinja
checks each against its source), the KaTeX renderer's formulas (the KaTeX file). After the
first build the plugin loads Kiwi in the background and starts the execution workers' server
(which imports torch), so neither waits for the first save that needs it; the watcher looks
for a save every ``SAVE_POLL`` seconds (:func:`quicken_watcher`).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import BytecodeCache
from mkdocs.utils import get_markdown_title, meta
from watchdog.observers.polling import PollingObserver

DIRTY_WARNING = "A 'dirty' build is being performed"
SAVE_POLL = 0.1  # seconds between two looks at the watched files (MkDocs: 0.5)
SAVE_SETTLE = 0.05  # quiet seconds after a change before the build starts (MkDocs: 0.1)
_BOOK_CODE = Path(__file__).resolve().parent.parent  # bookkit/


class _DirtyWarningFilter(logging.Filter):
    """MkDocs warns that a dirty build may be inaccurate; in strict mode that fails the build.
    This module keeps it accurate, so the warning is dropped (and only that one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith(DIRTY_WARNING)


class CompiledTemplates(BytecodeCache):
    """The theme's templates compiled once per ``serve``: MkDocs makes a new Jinja environment
    for every rebuild, which would compile them all again. Jinja checks each kept template
    against its source's checksum, so an edited template is compiled afresh."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        if bucket.key in self.kept:
            bucket.bytecode_from_string(self.kept[bucket.key])

    def dump_bytecode(self, bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


def quicken_watcher(server, config) -> None:
    """Let ``serve`` see a save sooner: its watcher looks every ``SAVE_POLL`` seconds instead of
    every 0.5, and a build starts ``SAVE_SETTLE`` seconds after the last change.

    MkDocs' polling watcher has no option for its interval. What MkDocs watches before
    ``on_serve`` (the docs folder and mkdocs.yml) is moved to a new watcher with the shorter one
    (the server's ``unwatch`` and ``watch``); the paths watched after (``watch:`` in mkdocs.yml)
    go to the new one. When something else was watched too (``--watch-theme``, another
    plugin), MkDocs' watcher stays as it is.
    """
    old = server.observer
    paths = [config.docs_dir, *filter(None, [config.config_file_path])]
    for path in paths:
        server.unwatch(path)
    if old.emitters:
        for path in paths:
            server.watch(path)
        return
    server.observer = PollingObserver(timeout=SAVE_POLL)
    for path in paths:
        server.watch(path)
    server.build_delay = SAVE_SETTLE


@dataclass
class _LastBuild:
    book: str = ""  # digest of what every page shows of the others
    pages: dict[str, str] = field(default_factory=dict)  # src_uri -> digest of its unit keys
    where: list = field(default_factory=list)  # what the glossary's "나오는 곳" shows
    search_docs: list[dict] = field(default_factory=list)  # the last search index's entries
    rendered: set[str] = field(default_factory=set)  # URLs of the pages rendered this build
    order: list[str] = field(default_factory=list)  # page URLs in build order


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def _title(text: str) -> str | None:
    body, data = meta.get_data(text)
    return data.get("title") or get_markdown_title(body)


def _book_digest(sources: dict, config, extra) -> str:
    """What every page shows of the others: titles, nav, config, glossary, build code."""
    titles = {uri: _title(page.text) for uri, page in sources.items() if uri.endswith(".md")}
    config_file = Path(config.config_file_path).read_bytes() if config.config_file_path else b""
    code = {str(p): p.read_bytes().hex() for p in sorted(_BOOK_CODE.rglob("*.py"))}
    return _digest([titles, config_file.hex(), _digest(code), extra])


def _file_state(path: Path) -> tuple[str, bytes | None]:
    """Where ``path`` resolves and its bytes (None when it cannot be read)."""
    try:
        return os.path.realpath(path), path.read_bytes()
    except OSError:
        return os.path.realpath(path), None


def _page_url(location: str) -> str:
    return location.partition("#")[0]


def _url(file) -> str:
    """A page's URL as Material's search index writes it (the home page's is empty)."""
    return "" if file.url in (".", "./") else file.url


class DirtyBuilds:
    """What one ``serve`` process remembers of its last build; kept on the plugin, which MkDocs
    keeps across the rebuilds of ``serve`` because it has ``on_startup``."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.last = _LastBuild()
        self.templates = CompiledTemplates()
        self.units: dict[str, tuple[tuple, list]] = {}  # page name -> (its inputs, its units)
        self.sources: dict[str, tuple[bytes, object]] = {}  # page name -> (its bytes, its Page)
        self.katex: tuple[tuple, object] | None = None  # (the KaTeX file's state, its renderer)
        if enabled:
            logging.getLogger("mkdocs.commands.build").addFilter(_DirtyWarningFilter())

    def choose_pages(self, files, config, sources: dict, units_of_page: dict, outcomes: dict,
                     where: list, glossary: str, shared) -> None:
        """Before a dirty build: remove the built HTML of every page that must be rendered again.

        ``sources``: each page's :class:`bookkit.page_source.Page` by src_uri; ``units_of_page``:
        each page file's units; ``outcomes``: their outcomes by unit name (empty
        when nothing is executed: the blocks' code stands for them); ``where``: what the
        glossary's "나오는 곳" column is made of (:func:`bookkit.mkdocs.glossary.where_rows`);
        ``glossary``: the glossary page's src_uri; ``shared``: anything else every page shows
        (the glossary's terms). Only a dirty build calls it: a plain build renders every page.
        """
        pages = {file.src_uri: file for file in files.documentation_pages()}
        self.last.order = [_url(file) for file in pages.values()]
        book = _book_digest(sources, config, shared)
        # A unit's key and its outputs: a unit that ran again with the same key (an input it
        # read changed, a labs/ module or a data file) changes its page too.
        keys = {file.src_uri: _digest([[outcomes[unit.name].key, outcomes[unit.name].outputs]
                                       if unit.name in outcomes
                                       else [block.code for block in unit.blocks]
                                       for unit in units])
                for file, units in units_of_page.items()}
        if book != self.last.book:
            again = set(pages)
        else:
            again = {uri for uri, file in pages.items() if file.is_modified()}
            again |= {uri for uri in pages if keys.get(uri) != self.last.pages.get(uri)}
            if glossary in pages and where != self.last.where:
                again.add(glossary)
        for uri in again:
            Path(pages[uri].abs_dest_path).unlink(missing_ok=True)
        # Material's search merges its last index into this build's by URL prefix (see
        # merge_search_index); without its last index it writes this build's entries only.
        search = config.plugins.get("material/search")
        if search is not None and hasattr(search, "search_index_prev"):
            search.search_index_prev = None
        self.last.book, self.last.pages, self.last.where = book, keys, where
        self.last.rendered = {_url(pages[uri]) for uri in again}

    def read_page(self, source: Path, name: str, read):
        """``read(source, name)``, a page's :class:`bookkit.page_source.Page`; in ``serve`` kept
        while the file's bytes are the same. A page that cannot be read raises every time."""
        try:
            data = source.read_bytes() if self.enabled else None
        except OSError:
            data = None
        if data is None:
            return read(source, name)
        kept = self.sources.get(name)
        if kept is None or kept[0] != data:
            kept = self.sources[name] = (data, read(source, name))
        return kept[1]

    def kept_katex(self, katex_js: Path, make):
        """``make(katex_js)``, the build's KaTeX renderer; in ``serve`` one for every rebuild,
        with the formulas it has set, while the KaTeX file is the same (its node process ends
        with each build and starts again only for a formula not set before)."""
        if not self.enabled:
            return make(katex_js)
        state = _file_state(katex_js)
        if self.katex is None or self.katex[0] != state:
            self.katex = (state, make(katex_js))
        return self.katex[1]

    def units_of(self, page, root: Path, make) -> list:
        """``make(page, root)``, a markdown page's units; in ``serve`` kept while the page's
        text and the files its executed blocks include (where each resolves, its bytes) are
        the same. A page whose units cannot be made raises every time."""
        if not self.enabled or page.is_notebook:
            return make(page, root)
        names = sorted({spec.partition(":")[0] for fence in page.fences if fence.executed
                        for _, spec in fence.snippet_specs()})
        inputs = (page.text, *((name, *_file_state(root / name)) for name in names))
        kept = self.units.get(page.name)
        if kept is None or kept[0] != inputs:
            kept = self.units[page.name] = (inputs, make(page, root))
        return kept[1]

    def read_unrendered_titles(self, nav, config) -> None:
        """Before a dirty build renders: pages it will not render are read, for their titles."""
        if not self.enabled:
            return
        for page in nav.pages:
            if page.markdown is None and _url(page.file) not in self.last.rendered:
                page.read_source(config)

    def merge_search_index(self, index_path: Path) -> None:
        """After a dirty build: the index is the last one with the rendered pages' new entries.

        Material's own dirty merge drops the last entries whose location starts with the first
        rendered page's URL, which misses the other rendered pages and drops a section index's
        children (``tensors/`` is a prefix of ``tensors/indexing/``); so Material writes this
        build's entries only (:func:`choose_pages`) and they are merged here, in build order.
        """
        if not self.enabled or not index_path.is_file():
            return
        index = json.loads(index_path.read_text(encoding="utf-8"))
        rendered = self.last.rendered
        kept = [doc for doc in self.last.search_docs
                if _page_url(doc["location"]) not in rendered]
        new = [doc for doc in index["docs"] if _page_url(doc["location"]) in self.last.rendered]
        rank = {url: number for number, url in enumerate(self.last.order)}
        docs = sorted(kept + new, key=lambda doc: rank.get(_page_url(doc["location"]), len(rank)))
        index["docs"] = docs
        self.last.search_docs = [dict(doc) for doc in docs]
        index_path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")),
                              encoding="utf-8")
