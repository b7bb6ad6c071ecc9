"""The ``bookkit/math`` plugin: every formula set by KaTeX at build time
(:mod:`bookkit.mkdocs.math_render`).

- ``on_page_content``: a notebook page's ``$`` math becomes arithmatex's elements, before the
  notebooks plugin fits the page (:func:`bookkit.mkdocs.math_render.mark_notebook_page`).
- ``on_post_page``: after the search plugin read the page, so its index keeps the formulas'
  TeX, each page's formulas are set (:class:`bookkit.mkdocs.math_render.SetPages`, kept in
  ``cache_dir``); the KaTeX renderer starts only for a page not set before, and is registered
  with the build's helpers (:mod:`bookkit.mkdocs.helpers`), which close it.
- ``on_post_build``: a full build removes the set pages it did not use.

In ``serve --dirty`` one renderer serves every rebuild, with the formulas it has set, while the
KaTeX file is the same (its node process ends with each build and starts again only for a
formula not set before).
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority

from bookkit.mkdocs.book import book_of, helpers_of
from bookkit.mkdocs.dirty import file_state
from bookkit.mkdocs.math_render import KATEX, Katex, MathError, SetPages, mark_notebook_page

NAME = "bookkit/math"


class MathConfig(base.Config):
    enabled = c.Type(bool, default=True)
    cache_dir = c.Type(str, default=".cache/bookkit/math")  # pages as an earlier build set them


class MathPlugin(BasePlugin[MathConfig]):
    """Formulas set at build time."""

    serve = False  # `serve --dirty`: this instance is kept across its rebuilds
    kept: tuple[tuple, Katex] | None = None  # `serve`: (the KaTeX file's state, its renderer)

    def on_startup(self, command, dirty, **kwargs):
        self.serve = dirty

    def on_config(self, config, **kwargs):
        self.root = Path(config.config_file_path).resolve().parent
        self.set_pages: SetPages | None = None
        self.katex: Katex | None = None
        return config

    @event_priority(-5)  # before the notebooks plugin fits a notebook page (-10)
    def on_page_content(self, html, page, config, files, **kwargs):
        if not self.config.enabled or not getattr(page, "nb_url", None):
            return html  # not a notebook page rendered by mkdocs-jupyter
        try:
            return mark_notebook_page(html, book_of(config, NAME).where(page.file.src_uri))
        except MathError as error:  # already names the page and line
            raise PluginError(str(error)) from error

    def on_post_page(self, output, page, config, **kwargs):
        if not self.config.enabled:
            return output
        katex_js = Path(config.docs_dir) / KATEX
        self.set_pages = self.set_pages or SetPages(self.root / self.config.cache_dir, katex_js)

        def katex() -> Katex:
            if self.katex is None:
                self.katex = helpers_of(config, NAME).add("katex", self._renderer(katex_js))
            return self.katex

        try:
            return self.set_pages.render(output, katex, book_of(config, NAME).where(
                page.file.src_uri))
        except MathError as error:
            raise PluginError(str(error)) from error

    def _renderer(self, katex_js: Path) -> Katex:
        """The build's KaTeX renderer; in ``serve`` the last build's while the file is the same."""
        if not self.serve:
            return Katex(katex_js)
        state = file_state(katex_js)
        if self.kept is None or self.kept[0] != state:
            self.kept = (state, Katex(katex_js))
        return self.kept[1]

    @event_priority(-10)
    def on_post_build(self, config, **kwargs):
        if self.config.enabled and self.set_pages is not None and not self.serve:
            self.set_pages.prune()  # a full build saw every page
