"""The ``bookkit/checks`` plugin: the post-build checks, which fail the build with every problem
found (``post-build check failed``), after the site is complete.

- every executed block of a rendered markdown page reached its page with its output
  (:func:`bookkit.mkdocs.book.unrendered_blocks`, what the execution plugin saw render);
- no stored output holds markup outside the allowlist (:mod:`bookkit.sanitize`);
- the built site (:func:`bookkit.mkdocs.site_check.check_site`): notebook pages, offline
  loading, scripts and pictures, the search index; each file's scan kept in ``cache_dir``.

With execution off (``BOOK_EXECUTE=off``) nothing is checked.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority

from bookkit import sanitize
from bookkit.exec.engine import Outcome
from bookkit.files import Stamps
from bookkit.mkdocs.book import book_of, unrendered_blocks
from bookkit.mkdocs.site_check import CACHE_DIR, check_site, scan_memo

NAME = "bookkit/checks"


class ChecksConfig(base.Config):
    enabled = c.Type(bool, default=True)
    cache_dir = c.Type(str, default=str(CACHE_DIR))  # the scans of built files


def markup_outside_allowlist(outcomes: list[Outcome]) -> list[str]:
    """The markup outputs (``html="1"``, and Markdown: no ``result=``) of every block of the
    build whose stored text holds markup outside the allowlist (:mod:`bookkit.sanitize`)."""
    problems = []
    for outcome in outcomes:
        for block in outcome.unit.blocks:
            output = outcome.outputs.get(block.id)
            if isinstance(output, str) and not block.options.get("result"):
                problems += [f"{block.label}: {problem}" for problem in sanitize.removed(output)]
    return problems


class ChecksPlugin(BasePlugin[ChecksConfig]):
    """The post-build checks."""

    serve = False  # `serve --dirty`: this instance is kept across its rebuilds
    passed: dict | None = None  # `serve`: the search sections that passed (check_search_index)
    seen: Stamps | None = None  # `serve`: the built files scanned (site_check._scan_file)

    def on_startup(self, command, dirty, **kwargs):
        self.serve = dirty
        if dirty:
            self.passed, self.seen = {}, Stamps()

    @event_priority(-60)  # after everything is written (the execution plugin's last: -50)
    def on_post_build(self, config, **kwargs):
        if not self.config.enabled:
            return
        book = book_of(config, NAME)
        if not book.execute:
            return
        notebooks = [page for page in book.pages.values() if page.is_notebook]
        scans = scan_memo(book.root / self.config.cache_dir)
        problems = (unrendered_blocks(config, NAME) + markup_outside_allowlist(
            book.all_outcomes()) + check_site(Path(config.docs_dir), Path(config.site_dir),
                                              book.root, notebooks, None, scans,
                                              self.passed, self.seen))
        if not self.serve:  # every file of the site was scanned: the rest is old
            scans.sweep()
        if problems:
            raise PluginError("post-build check failed:\n  " + "\n  ".join(problems))
