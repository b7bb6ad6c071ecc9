"""The book one build is made of: what the execution plugin (:mod:`bookkit.mkdocs.plugin`) read
and ran in its ``on_files``, a frozen value that the feature plugins read and never change.

Every feature plugin (glossary, notebooks, math, Korean search field, site font, post-build
checks) finds it with :func:`book_of`, through MkDocs' ``config.plugins`` (the execution
plugin is ``bookkit`` there), in its own ``on_files`` at a lower priority than the execution
plugin's (-100) or in any later event. The execution plugin also holds the build's helper
processes (:func:`helpers_of`, :class:`bookkit.mkdocs.helpers.Helpers`) and knows, after the
pages were rendered, which executed blocks reached them (:func:`unrendered_blocks`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from mkdocs.exceptions import PluginError

from bookkit.exec.engine import Outcome
from bookkit.exec.units import Block, Unit
from bookkit.mkdocs.helpers import Helpers
from bookkit.page_source import Page

EXECUTION = "bookkit"  # the execution plugin's name in mkdocs.yml (its entry point)


@dataclass(frozen=True)
class Book:
    """Every documentation page of the build, read once, its executed blocks grouped into units
    and their outcomes (stored or run), and the measurements the pages declare."""

    root: Path  # the folder of mkdocs.yml
    execute: bool  # False: nothing ran (``BOOK_EXECUTE=off``), ``outcomes`` is empty
    pages: Mapping[str, Page]  # src_uri -> the page's source, in the files' order
    units: Mapping[str, tuple[Unit, ...]]  # page name -> its units, in page order
    outcomes: Mapping[str, Outcome]  # unit name -> its outcome
    measurements: Mapping[str, frozenset[str]]  # markdown page name -> ids of its measurements

    def blocks(self, name: str) -> dict[str, Block]:
        """The executed blocks of the page ``name`` by id."""
        return {block.id: block for unit in self.units.get(name, ()) for block in unit.blocks}

    def page_outcomes(self, name: str) -> list[Outcome]:
        """The outcomes of the page ``name``'s units (none when nothing was executed)."""
        return [self.outcomes[unit.name] for unit in self.units.get(name, ())
                if unit.name in self.outcomes]

    def all_outcomes(self) -> list[Outcome]:
        """The outcomes of every page's units, page by page."""
        return [outcome for page in self.pages.values()
                for outcome in self.page_outcomes(page.name)]

    def of_kind(self, kind: str) -> list[tuple[str, Page]]:
        """(src_uri, page) of the markdown pages whose front matter says ``kind: KIND``."""
        return [(uri, page) for uri, page in self.pages.items()
                if uri.endswith(".md") and page.kind == kind]

    def text_of_kind(self, kind: str) -> str:
        """The text of the last markdown page of ``kind`` (the glossary's), or ""."""
        pages = self.of_kind(kind)
        return pages[-1][1].text if pages else ""

    def where(self, src_uri: str) -> Callable[[str], str]:
        """``where(text)`` for a page: ``docs/page.md:line`` of the source holding ``text``."""
        return source_lines(self.pages[src_uri].name, self.pages[src_uri].text)


def source_lines(label: str, source: str) -> Callable[[str], str]:
    """``where(text)``: ``label:line`` of the first line of ``source`` holding ``text``."""

    def where(text: str) -> str:
        at = source.find(text) if text else -1
        return f"{label}:{source.count(chr(10), 0, at) + 1}" if at >= 0 else label

    return where


def _execution(config, feature: str):
    plugin = config.plugins.get(EXECUTION)
    if plugin is None:
        raise PluginError(f"{feature}: needs the {EXECUTION!r} plugin in mkdocs.yml's plugins")
    return plugin


def book_of(config, feature: str) -> Book:
    """This build's :class:`Book`, for the plugin named ``feature`` (named in the error when
    there is none: the execution plugin is missing, or its ``on_files`` has not run yet)."""
    book = getattr(_execution(config, feature), "book", None)
    if book is None:
        raise PluginError(f"{feature}: the {EXECUTION!r} plugin has not read the book yet "
                          "(a feature's on_files runs after the execution plugin's, priority "
                          "below -100)")
    return book


def helpers_of(config, feature: str) -> Helpers:
    """The registry of this build's helper processes, which the execution plugin closes."""
    return _execution(config, feature).helpers


def unrendered_blocks(config, feature: str) -> list[str]:
    """After the pages were rendered: the executed blocks that did not reach their page with
    their output (:meth:`bookkit.mkdocs.stored_outputs.StoredOutputs.unrendered_blocks`)."""
    return _execution(config, feature).unrendered_blocks()
