"""The ``bookkit/font`` plugin: the site's Korean font, Pretendard cut to the characters of the
built site (:func:`bookkit.mkdocs.font_subset.write_site_font`; its cuts kept in
``cache_dir``), written with its stylesheet into the site after the pages, the chapter
notebooks and the search index are written."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.plugins import BasePlugin, event_priority

from bookkit.files import Stamps
from bookkit.mkdocs.font_subset import write_site_font


class FontConfig(base.Config):
    enabled = c.Type(bool, default=True)
    cache_dir = c.Type(str, default=".cache/bookkit/font")  # the cuts and each page's characters


class FontPlugin(BasePlugin[FontConfig]):
    """The site font, cut at build time."""

    seen: Stamps | None = None  # `serve --dirty`: the built pages read (site_characters)

    def on_startup(self, command, dirty, **kwargs):
        if dirty:  # this instance is kept across the rebuilds
            self.seen = Stamps()

    @event_priority(-40)  # after the notebooks and the search field (-20, -30)
    def on_post_build(self, config, **kwargs):
        if self.config.enabled:
            root = Path(config.config_file_path).resolve().parent
            write_site_font(Path(config.site_dir), root / self.config.cache_dir,
                            seen=self.seen)
