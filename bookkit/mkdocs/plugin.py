"""The ``bookkit`` MkDocs plugin, the execution plugin: pages show outputs from the execution
store, never from code run in MkDocs.

Its options (``plugins: - bookkit: {...}`` in ``mkdocs.yml``,
:class:`bookkit.mkdocs.execution.BookConfig`) are the build's settings (:mod:`bookkit.settings`);
``BOOK_*`` environment variables override them.

- ``on_files`` (priority -100, after mkdocs-jupyter has picked its pages) reads the book
  (:func:`bookkit.mkdocs.execution.read_book`): every page once, its units, their outcomes,
  stored or run. The result is the frozen :class:`bookkit.mkdocs.book.Book`, which the feature
  plugins read (:func:`bookkit.mkdocs.book.book_of`): the glossary, the notebooks, the math,
  the Korean search field, the site font and the post-build checks, each listed in
  ``mkdocs.yml`` as ``bookkit/NAME``.
- markdown-exec renders every python fence with its stored output
  (:class:`bookkit.mkdocs.stored_outputs.StoredOutputs`); a prediction block's answer is folded
  (:mod:`bookkit.mkdocs.predictions`) and each chapter page ends with one line saying where
  and when its outputs were executed.
- Every build ends with one line (units executed, units reused, seconds spent executing) and
  writes the output manifest (:mod:`bookkit.manifest`). The registry of helper processes
  (:class:`bookkit.mkdocs.helpers.Helpers`) is closed when the build ends or fails.
- In ``serve --dirty`` a save re-renders only what it changed (:mod:`bookkit.mkdocs.dirty`).

``execute: false`` (``BOOK_EXECUTE=off``) renders every block without output and skips the
checks: the benchmark's "execution off" build.
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import set_exclusions

from bookkit.exec.engine import Engine
from bookkit.exec.provenance import provenance_note
from bookkit.exec.runner import exit_on_signals
from bookkit.exec.units import relative_name
from bookkit.manifest import build_manifest, write_manifest
from bookkit.mkdocs.book import Book
from bookkit.mkdocs.dirty import DirtyBuilds, quicken_watcher
from bookkit.mkdocs.execution import BookConfig, read_book, settings
from bookkit.mkdocs.helpers import Helpers
from bookkit.mkdocs.pdf import mark_pdf_link
from bookkit.mkdocs.predictions import PredictionError, fold_answers
from bookkit.mkdocs.serve_errors import guard_rebuilds
from bookkit.mkdocs.stored_outputs import StoredOutputs
from bookkit.mkdocs.theme_listing import list_without_dot_folders

log = logging.getLogger("mkdocs.plugins.bookkit")


def _body_line(source: str, markdown: str) -> int:
    """The line of the page's ``source`` where ``markdown`` (its body) starts."""
    start = source.find(markdown[:200]) if markdown else -1
    return source.count("\n", 0, start) + 1 if start >= 0 else 1


class BookPlugin(BasePlugin[BookConfig]):
    """The book read and run, stored outputs on its pages, the manifest, the helpers closed."""

    book: Book | None = None
    dirty: DirtyBuilds = DirtyBuilds(enabled=False)
    prepared = False  # `serve`: the workers' server was started ahead of a save

    def on_startup(self, command, dirty, **kwargs):
        # Its presence makes MkDocs keep this plugin across the rebuilds of one `serve`, so
        # `serve --dirty` re-renders only what a save changed (bookkit.mkdocs.dirty).
        self.dirty = DirtyBuilds(enabled=dirty)
        # A closed terminal (SIGHUP) or a process manager (SIGTERM) ends the build or `serve`
        # through its `finally`s, as an error does: serve's temporary site goes, helpers close.
        exit_on_signals()

    def on_serve(self, server, config, builder, **kwargs):
        quicken_watcher(server, config)
        guard_rebuilds(server, config.site_dir)
        return server

    def on_env(self, env, config, files, **kwargs):
        if self.dirty.enabled:  # one `serve`: its templates compiled once
            env.bytecode_cache = self.dirty.templates
        return env

    def on_config(self, config, **kwargs):
        self.root = Path(config.config_file_path).resolve().parent
        self.settings = settings(self.config, self.root)
        self.engine = Engine(self.root, self.settings) if self.settings.execute else None
        self.book, self.helpers = None, Helpers()
        list_without_dot_folders(config.theme)
        return config

    @event_priority(-100)  # after mkdocs-jupyter has marked its notebook pages
    def on_files(self, files, config, **kwargs):
        # mkdocs-jupyter replaces its pages' files without their `exclude_docs` level, which
        # MkDocs sets again only after this event; set it now, so excluded pages (a partial
        # build, mkdocs.local.example.yml) are neither run nor checked.
        set_exclusions(files, config)
        self.book = read_book(files, self.root, self.engine, self.dirty)
        self.outputs = StoredOutputs(self.book)
        self.outputs.install()
        return files

    @event_priority(-100)  # after the glossary plugin chose its pages (bookkit.mkdocs.dirty)
    def on_nav(self, nav, config, files, **kwargs):
        if self.dirty.enabled:  # a plain build renders every page: nothing to choose
            self.dirty.choose_pages(nav, files, config, self.book)
        return nav

    @event_priority(0)  # before the glossary links its terms (bookkit/glossary: -10)
    def _fold_answers(self, markdown, page, config, files, **kwargs):
        self.outputs.begin(relative_name(Path(page.file.abs_src_path), self.root))
        read = self.book.pages.get(page.file.src_uri)
        try:
            first = _body_line(read.text, markdown) if read is not None else 1
            return fold_answers(markdown, self.outputs.page, first)
        except PredictionError as error:
            raise PluginError(str(error)) from error

    @event_priority(-100)  # the provenance line last: no feature changes it
    def _note_provenance(self, markdown, page, config, files, **kwargs):
        if page.meta.get("kind") == "chapter" and self.book.execute:
            outcomes = self.book.page_outcomes(self.outputs.page or "")
            markdown += provenance_note(
                [o.machine for o in outcomes], [o.executed_at[:10] for o in outcomes])
        return markdown

    on_page_markdown = CombinedEvent(_fold_answers, _note_provenance)

    def on_page_content(self, html, page, config, files, **kwargs):
        return self.outputs.take_marks(html)

    @event_priority(-50)  # after the notebooks, search field and font (-20, -30, -40)
    def _report(self, config, **kwargs):
        mark_pdf_link(Path(config.site_dir))
        if not self.book.execute:
            log.info("bookkit: execution off, nothing executed or checked")
            return
        log.info("bookkit: %s", self.engine.summary())
        write_manifest(build_manifest(self.book.all_outcomes(), self.book.measurements,
                                      self.root), self.settings.manifest_path(self.root))

    @event_priority(-90)  # after the post-build checks passed (bookkit/checks: -60)
    def _start_workers_server(self, config, **kwargs):
        units = sum(len(units) for units in self.book.units.values())
        if self.dirty.enabled and self.book.execute and units and not self.prepared:
            self.prepared = True  # a snippet save will need a worker: its server starts now
            self.engine.prepare()

    @event_priority(-100)
    def _close_helpers(self, config, **kwargs):
        if getattr(self, "helpers", None) is not None:  # none before the first on_config
            self.helpers.close()

    on_post_build = CombinedEvent(_report, _start_workers_server, _close_helpers)

    def on_build_error(self, error, **kwargs):
        self._close_helpers(None)

    def on_shutdown(self, **kwargs):
        self._close_helpers(None)

    def unrendered_blocks(self) -> list[str]:
        """The executed blocks of markdown pages not rendered with their output
        (:meth:`bookkit.mkdocs.stored_outputs.StoredOutputs.unrendered_blocks`)."""
        return self.outputs.unrendered_blocks(kept_pages=self.dirty.enabled)
