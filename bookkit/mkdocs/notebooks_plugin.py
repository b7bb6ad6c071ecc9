"""The ``bookkit/notebooks`` plugin: notebook pages shown with their stored outputs, and every
chapter page as a notebook a reader can take away.

- ``on_files`` (after the execution plugin's): a notebook page's file is pointed at its executed
  ``.ipynb`` (:func:`bookkit.mkdocs.notebook_pages.executed_notebook`, written under
  ``cache_dir``), which mkdocs-jupyter renders without executing; same page, same URL.
- ``on_page_content``: mkdocs-jupyter's page made to fit the site
  (:func:`bookkit.mkdocs.notebook_pages.notebook_page`) and its table of contents rebuilt.
- A chapter page (``kind: chapter``) gets ``notebook`` in its meta, which the theme links;
  ``on_post_build`` writes that notebook next to the page
  (:func:`bookkit.mkdocs.chapter_notebooks.chapter_notebook`), with the plot font cut into
  ``font_cache_dir``.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.toc import get_toc

from bookkit.files import write_atomically
from bookkit.mkdocs.book import book_of
from bookkit.mkdocs.chapter_notebooks import chapter_notebook
from bookkit.mkdocs.font_subset import cached_plot_font
from bookkit.mkdocs.notebook_pages import (
    NotebookPageError,
    executed_notebook,
    ipynb_text,
    notebook_page,
)

NAME = "bookkit/notebooks"


class NotebooksConfig(base.Config):
    enabled = c.Type(bool, default=True)
    cache_dir = c.Type(str, default=".cache/bookkit/notebooks")  # the executed notebooks
    font_cache_dir = c.Type(str, default=".cache/bookkit/font")  # the plot font's cuts


class NotebooksPlugin(BasePlugin[NotebooksConfig]):
    """Executed notebook pages and the chapters' notebooks."""

    def __init__(self) -> None:
        super().__init__()
        # Each notebook page's text and outputs, and the executed notebook and its .ipynb text
        # made from them: `serve` keeps this instance across its rebuilds. Set here, not in
        # on_startup, which a build run through MkDocs' API (the bench's phases) never calls.
        self.made: dict[str, tuple[str, dict, object, str]] = {}

    def on_config(self, config, **kwargs):
        self.root = Path(config.config_file_path).resolve().parent
        self.executed: dict[str, object] = {}  # src_uri -> notebook with outputs
        self.notebooks: list[tuple[str, Path, str]] = []  # chapter src_uri, file, url
        return config

    @event_priority(-110)  # after the execution plugin read and ran the book
    def on_files(self, files, config, **kwargs):
        if not self.config.enabled:
            return files
        book = book_of(config, NAME)
        for file in files.documentation_pages():
            page = book.pages[file.src_uri]
            for unit in book.units.get(page.name, ()):
                if unit.kind == "notebook" and unit.name in book.outcomes:
                    self._use_executed_notebook(file, page, book.outcomes[unit.name].outputs)
        return files

    def _use_executed_notebook(self, file, page, outputs) -> None:
        """Point a notebook page's file at its executed ``.ipynb`` (same page, same URL)."""
        target = self.root / self.config.cache_dir / Path(file.src_uri).with_suffix(".ipynb")
        kept = self.made.get(file.src_uri)
        if kept is None or kept[0] != page.text or kept[1] != outputs:
            notebook = executed_notebook(page.notebook, outputs)
            kept = self.made[file.src_uri] = (page.text, outputs, notebook, ipynb_text(notebook))
        self.executed[file.src_uri], text = kept[2], kept[3]
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            write_atomically(target, text.encode())  # another build may be reading it
        file.abs_src_path = str(target)

    @event_priority(-10)  # with the glossary's: neither changes what the other reads
    def on_page_markdown(self, markdown, page, config, files, **kwargs):
        if self.config.enabled and page.meta.get("kind") == "chapter":
            # The chapter's own notebook, written next to the page (chapter_notebooks).
            folder = Path(config.site_dir) / Path(page.file.dest_uri).parent
            page.meta["notebook"] = f"{folder.name}.ipynb"
            self.notebooks.append((page.file.src_uri, folder / page.meta["notebook"], page.url))
        return markdown

    @event_priority(-10)  # after the math plugin marked the page's $ math (-5)
    def on_page_content(self, html, page, config, files, **kwargs):
        if not self.config.enabled or not getattr(page, "nb_url", None):
            return html  # not a notebook page rendered by mkdocs-jupyter
        # What mkdocs-jupyter rendered: the executed notebook, or the page's own unexecuted.
        src_uri = page.file.src_uri
        notebook = self.executed.get(src_uri) or book_of(config, NAME).pages[src_uri].notebook
        try:
            html, tokens = notebook_page(html, notebook)
        except NotebookPageError as error:
            raise PluginError(f"{page.file.src_uri}: {error}") from error
        page.toc = get_toc(tokens)
        return html

    @event_priority(-20)  # before the search field and the site font (-30, -40)
    def on_post_build(self, config, **kwargs):
        if not self.config.enabled:
            return
        book = book_of(config, NAME)
        cache = self.root / self.config.font_cache_dir

        def plot_font(chars: set[str]) -> bytes:
            return cached_plot_font(chars, cache)

        for src_uri, target, url in self.notebooks:
            page = book.pages[src_uri]
            target.parent.mkdir(parents=True, exist_ok=True)
            link = f"{config.site_url.rstrip('/')}/{url}" if config.site_url else None
            notebook = chapter_notebook(page, book.blocks(page.name), book.root, link, plot_font)
            target.write_text(notebook, encoding="utf-8")
