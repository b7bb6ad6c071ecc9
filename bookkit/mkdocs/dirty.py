"""`mkdocs serve --dirty` made right for this book: a save re-renders what it changed, no more.

MkDocs' dirty build renders only the pages whose source is newer than their built HTML. On its
own that is wrong here in ways each put right in memory, for the life of the ``serve``
process, by the plugin that owns what changed:

- a snippet edit changes a page's code and outputs without touching the page: every page whose
  units' keys differ from the last build is rendered again (this module, for the execution
  plugin);
- what every page shows of the others (the navigation's titles, the site's config and the
  build code) changed: every page is rendered again (this module);
- the pages not rendered are not read, so their navigation titles would be missing: their
  sources are read (not rendered) before the pages are built (this module);
- the glossary's "나오는 곳" column is made from the chapters' text, and every chapter links
  the glossary's terms: the glossary plugin renders the glossary, or every page, again when
  what they show changed (:mod:`bookkit.mkdocs.glossary_plugin`);
- Material's search index, which its dirty merge rebuilds by URL prefix, is rebuilt from the
  last index with the entries of the pages rendered now (:mod:`bookkit.mkdocs.search_plugin`).

A page is rendered again by removing its built HTML, which is MkDocs' own test of a modified
page (:func:`render_again`): the pages a dirty build renders are those whose
``file.is_modified()`` is true once every plugin has chosen, in ``on_nav``. A plain
``mkdocs build`` is never dirty and none of this runs.

So that a save shows in under a second, what did not change between saves is kept, each item
checked against its inputs: a page's ``Page`` (its bytes), a markdown page's units (its text,
and where each included file resolves and its bytes), the theme's compiled templates (Jinja
checks each against its source); the math plugin keeps the KaTeX renderer's formulas (the
KaTeX file). After the first build the search plugin loads Kiwi in the background and the
execution plugin starts the execution workers' server (which imports torch), so neither waits
for the first save that needs it; the watcher hears of a save from the system, without
looking at every file again and again (:func:`quicken_watcher`).
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
from watchdog.events import FileCreatedEvent, FileDeletedEvent, FileModifiedEvent, FileMovedEvent
from watchdog.observers import Observer

DIRTY_WARNING = "A 'dirty' build is being performed"
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


# What a save does to a file; not the opening and closing that reading it (a build) does.
SAVES = [FileCreatedEvent, FileDeletedEvent, FileModifiedEvent, FileMovedEvent]


class SaveObserver(Observer):
    """``serve``'s watcher: the system's file notifications (inotify, FSEvents, ...), so a save
    is seen at once and nothing is done between saves, and only the events a save makes.
    MkDocs' own watcher looks at every watched file every 0.5 s, a cost that grows with the
    book and, in the same process, takes the build's time."""

    def schedule(self, event_handler, path, *, recursive=False, **options):
        options["event_filter"] = SAVES
        return super().schedule(event_handler, path, recursive=recursive, **options)


def quicken_watcher(server, config) -> None:
    """Let ``serve`` see a save sooner and cost nothing between saves: its watcher becomes a
    :class:`SaveObserver`, and a build starts ``SAVE_SETTLE`` seconds after the last change.

    MkDocs' watcher cannot be told how to watch. What MkDocs watches before ``on_serve`` (the
    docs folder and mkdocs.yml) is moved to the new watcher (the server's ``unwatch`` and
    ``watch``); the paths watched after (``watch:`` in mkdocs.yml) go to the new one. When
    something else was watched too (``--watch-theme``, another plugin), MkDocs' watcher stays
    as it is.
    """
    old = server.observer
    paths = [config.docs_dir, *filter(None, [config.config_file_path])]
    for path in paths:
        server.unwatch(path)
    if old.emitters:
        for path in paths:
            server.watch(path)
        return
    server.observer = SaveObserver()
    for path in paths:
        server.watch(path)
    server.build_delay = SAVE_SETTLE


@dataclass
class _LastBuild:
    book: str = ""  # digest of what every page shows of the others
    pages: dict[str, str] = field(default_factory=dict)  # src_uri -> digest of its unit keys


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def _title(text: str) -> str | None:
    body, data = meta.get_data(text)
    return data.get("title") or get_markdown_title(body)


def _book_digest(sources, config) -> str:
    """What every page shows of the others: titles, nav, config, build code."""
    titles = {uri: _title(page.text) for uri, page in sources.items() if uri.endswith(".md")}
    config_file = Path(config.config_file_path).read_bytes() if config.config_file_path else b""
    code = {str(p): p.read_bytes().hex() for p in sorted(_BOOK_CODE.rglob("*.py"))}
    return _digest([titles, config_file.hex(), _digest(code)])


def file_state(path: Path) -> tuple[str, bytes | None]:
    """Where ``path`` resolves and its bytes (None when it cannot be read)."""
    try:
        return os.path.realpath(path), path.read_bytes()
    except OSError:
        return os.path.realpath(path), None


def render_again(files) -> None:
    """Render ``files`` (pages) again in this dirty build: their built HTML is removed, which
    makes them modified to MkDocs (``file.is_modified()``)."""
    for file in files:
        Path(file.abs_dest_path).unlink(missing_ok=True)


class DirtyBuilds:
    """What one ``serve`` process remembers of its last build; kept on the execution plugin,
    which MkDocs keeps across the rebuilds of ``serve`` because it has ``on_startup``."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.last = _LastBuild()
        self.templates = CompiledTemplates()
        self.units: dict[str, tuple[tuple, list]] = {}  # page name -> (its inputs, its units)
        self.sources: dict[str, tuple[bytes, object]] = {}  # page name -> (its bytes, its Page)
        if enabled:
            logging.getLogger("mkdocs.commands.build").addFilter(_DirtyWarningFilter())

    def choose_pages(self, nav, files, config, book) -> None:
        """In ``on_nav`` of a dirty build, after the other plugins chose theirs: remove the built
        HTML of every page whose units' keys or outputs changed, or of every page when what
        every page shows of the others changed; then read the sources of the pages that will
        not be rendered, for their navigation titles.

        ``book``: the build's :class:`bookkit.mkdocs.book.Book` (its outcomes are empty when
        nothing is executed: the blocks' code stands for them). Only a dirty build calls it: a
        plain build renders every page.
        """
        pages = {file.src_uri: file for file in files.documentation_pages()}
        sources = book.pages
        digest = _book_digest(sources, config)
        # A unit's key and its outputs: a unit that ran again with the same key (an input it
        # read changed, a labs/ module or a data file) changes its page too.
        keys = {uri: _digest([[book.outcomes[unit.name].key, book.outcomes[unit.name].outputs]
                              if unit.name in book.outcomes
                              else [block.code for block in unit.blocks]
                              for unit in book.units[page.name]])
                for uri, page in sources.items() if page.name in book.units}
        if digest != self.last.book:
            again = set(pages)
        else:
            again = {uri for uri in pages if keys.get(uri) != self.last.pages.get(uri)}
        render_again(pages[uri] for uri in again)
        self.last.book, self.last.pages = digest, keys
        for page in nav.pages:  # the pages not rendered: read for their titles
            if page.markdown is None and not page.file.is_modified():
                page.read_source(config)

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

    def units_of(self, page, root: Path, make) -> list:
        """``make(page, root)``, a markdown page's units; in ``serve`` kept while the page's
        text and the files its executed blocks include (where each resolves, its bytes) are
        the same. A page whose units cannot be made raises every time."""
        if not self.enabled or page.is_notebook:
            return make(page, root)
        names = sorted({spec.partition(":")[0] for fence in page.fences if fence.executed
                        for _, spec in fence.snippet_specs()})
        inputs = (page.text, *((name, *file_state(root / name)) for name in names))
        kept = self.units.get(page.name)
        if kept is None or kept[0] != inputs:
            kept = self.units[page.name] = (inputs, make(page, root))
        return kept[1]
