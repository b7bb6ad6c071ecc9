"""The ``bookkit/glossary`` plugin: the glossary's "나오는 곳" column and the links from the
chapters' first uses of its terms (:mod:`bookkit.mkdocs.glossary`).

- ``on_files`` (after the execution plugin's): the terms, from the glossary page (``kind:
  glossary``), and the chapters (``kind: chapter``), from the book
  (:class:`bookkit.mkdocs.book.Book`); ``on_nav`` puts the chapters in book order (the nav's).
- ``on_page_markdown``: the first use of each term on a chapter, exercise or appendix page
  links to its entry; the glossary page gets its column (a term no chapter uses stops the
  build). ``on_page_content`` marks the glossary's table for the site's stylesheet.
- ``serve --dirty``: the glossary is rendered again when what its column shows changed, and
  every page when the terms changed (every chapter links them); in ``on_nav``, before the
  execution plugin chooses its pages (:mod:`bookkit.mkdocs.dirty`).
"""

from __future__ import annotations

import posixpath
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority

from bookkit.exec.units import relative_name
from bookkit.mkdocs.book import book_of
from bookkit.mkdocs.dirty import render_again
from bookkit.mkdocs.glossary import (
    Chapter,
    GlossaryError,
    TermIndex,
    add_where_column,
    chapter_title,
    link_first_uses,
    mark_table,
    where_rows,
)
from bookkit.mkdocs.glossary_table import terms

NAME = "bookkit/glossary"


class GlossaryConfig(base.Config):
    enabled = c.Type(bool, default=True)


class GlossaryPlugin(BasePlugin[GlossaryConfig]):
    """The glossary's terms linked from the chapters, its column made from their text."""

    serve = False  # `serve --dirty`: this instance is kept across its rebuilds
    shown: tuple | None = None  # `serve`: the last build's terms and "나오는 곳" rows
    index: TermIndex | None = None  # the terms' index (and what it found in each text)

    def on_startup(self, command, dirty, **kwargs):
        self.serve = dirty

    def on_config(self, config, **kwargs):
        self.terms: list[tuple[str, list[str]]] = []
        self.chapters: list[Chapter] = []
        self.glossary: str | None = None  # the glossary page's src_uri
        return config

    @event_priority(-110)  # after the execution plugin read the book
    def on_files(self, files, config, **kwargs):
        if not self.config.enabled:
            return files
        book = book_of(config, NAME)
        for uri, page in book.of_kind("glossary"):
            self.glossary, self.terms = uri, terms(page.text)
        if self.index is None or self.index.glossary != self.terms:
            self.index = TermIndex(self.terms)  # kept by `serve` while the terms stay
        self.chapters = [Chapter(uri, chapter_title(page.text, uri), page.text)
                         for uri, page in book.of_kind("chapter")]
        return files

    @event_priority(-90)  # before the execution plugin chooses the pages of a dirty build
    def on_nav(self, nav, config, files, **kwargs):
        if not self.config.enabled:
            return nav
        # The glossary lists chapters in book order (the nav's), not in file order.
        order = {page.file.src_uri: number for number, page in enumerate(nav.pages)}
        self.chapters.sort(key=lambda chapter: order.get(chapter.src_uri, len(order)))
        if self.serve:
            shown = (self.terms, where_rows(self.chapters, self.index))
            pages = list(files.documentation_pages())
            if self.shown is None or shown[0] != self.shown[0]:
                render_again(pages)  # every chapter links the terms
            elif shown[1] != self.shown[1]:
                render_again(file for file in pages if file.src_uri == self.glossary)
            self.shown = shown
        return nav

    @event_priority(-10)  # after the execution plugin folded the answers (0)
    def on_page_markdown(self, markdown, page, config, files, **kwargs):
        if not self.config.enabled:
            return markdown
        kind = page.meta.get("kind")
        if kind in ("chapter", "exercise", "appendix") and self.terms:
            here = posixpath.dirname(page.file.src_uri)
            markdown = link_first_uses(markdown, self.index,
                                       posixpath.relpath("glossary.md", here or "."))
        if kind == "glossary":
            name = relative_name(Path(page.file.abs_src_path), book_of(config, NAME).root)
            try:
                markdown = add_where_column(markdown, page.file.src_uri, name, self.chapters)
            except GlossaryError as error:
                raise PluginError(str(error)) from error
        return markdown

    def on_page_content(self, html, page, config, files, **kwargs):
        if self.config.enabled and page.meta.get("kind") == "glossary":
            html = mark_table(html)
        return html
