"""The execution plugin's options (:class:`BookConfig`, the build's settings) and its
``on_files``: every page read once, its executed blocks grouped into
units and validated, their outcomes asked of the engine; the result is the build's
:class:`bookkit.mkdocs.book.Book`.

- Every documentation page is read once (:func:`bookkit.page_source.read_page`, which
  everything after uses); pages that cannot be read stop the build, all named.
- Each page's executed blocks are grouped into units (:mod:`bookkit.exec.units`) and validated:
  a bad page stops the build with ``path:line: problem``, as does a ``measurements`` entry of
  the front matter that names no executed block of the page.
- The :class:`bookkit.exec.engine.Engine` answers every unit: stored outcomes are reused, the
  others run in worker processes. A failed block stops the build with
  ``path:line (block 'id'): ExcType: message``.

In ``serve --dirty`` the pages and units that did not change are kept
(:class:`bookkit.mkdocs.dirty.DirtyBuilds`).
"""

from __future__ import annotations

import logging
from pathlib import Path
from types import MappingProxyType

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError

from bookkit.exec.engine import Engine, NotStoredError, failures
from bookkit.exec.units import UnitsError, relative_name, units_of
from bookkit.mkdocs.book import Book
from bookkit.mkdocs.dirty import DirtyBuilds
from bookkit.page_source import Page, PageError, read_page
from bookkit.settings import Settings, SettingsError, load

log = logging.getLogger("mkdocs.plugins.bookkit")


class BookConfig(base.Config):
    """The plugin's options; unset ones take the defaults of :class:`bookkit.settings.Settings`.
    Paths are relative to the folder of ``mkdocs.yml``."""

    store = c.Optional(c.Type(str))
    secondary_store = c.Optional(c.Type(str))
    manifest = c.Optional(c.Type(str))
    jobs = c.Optional(c.Type(int))
    block_timeout = c.Optional(c.Type((int, float)))
    output_limit = c.Optional(c.Type(int))
    memory_limit = c.Optional(c.Type(int))
    process_limit = c.Optional(c.Type(int))
    require_stored = c.Optional(c.Type(bool))
    execute = c.Optional(c.Type(bool))
    preload = c.Optional(c.ListOfItems(c.Type(str)))


def settings(options: BookConfig, root: Path) -> Settings:
    """The plugin's options, paths made absolute, overridden by ``BOOK_*`` variables."""
    given = {name: value for name, value in options.items() if value is not None}
    for name in ("store", "secondary_store", "manifest"):
        if name in given:
            given[name] = root / given[name]
    try:
        return load(given)
    except SettingsError as error:
        raise PluginError(f"bookkit: {error}") from error


def read_book(files, root: Path, engine: Engine | None, dirty: DirtyBuilds) -> Book:
    """The book of ``files``' documentation pages; outcomes only when ``engine`` is given."""
    documentation = list(files.documentation_pages())
    pages = _read_pages(documentation, root, dirty)
    problems: list[str] = []
    units: dict[str, tuple] = {}
    for file in documentation:
        try:
            units[pages[file.src_uri].name] = tuple(
                dirty.units_of(pages[file.src_uri], root, units_of))
        except UnitsError as error:
            problems += error.problems
    measurements = {page.name: frozenset(page.measurements) for uri, page in pages.items()
                    if uri.endswith(".md")}
    for name, page_units in units.items():
        declared = {block.id for unit in page_units for block in unit.blocks}
        problems += [f"{name}: front matter 'measurements' names {block!r}, which is no "
                     "executed block of the page"
                     for block in sorted(measurements.get(name, frozenset()) - declared)]
    if problems:
        raise PluginError("invalid executed blocks:\n  " + "\n  ".join(problems))
    outcomes = _run(engine, [unit for page in units.values() for unit in page]) if engine else {}
    return Book(root, engine is not None, MappingProxyType(pages), MappingProxyType(units),
                MappingProxyType(outcomes), MappingProxyType(measurements))


def _read_pages(documentation: list, root: Path, dirty: DirtyBuilds) -> dict[str, Page]:
    """Read every page once (:mod:`bookkit.page_source`), before anything else uses it."""
    pages: dict[str, Page] = {}
    problems: list[str] = []
    for file in documentation:
        name = relative_name(Path(file.abs_src_path), root)
        try:
            pages[file.src_uri] = dirty.read_page(Path(file.abs_src_path), name, read_page)
        except PageError as error:
            problems += error.problems
    if problems:
        raise PluginError("pages that cannot be read:\n  " + "\n  ".join(problems))
    return pages


def _run(engine: Engine, units: list) -> dict:
    """Ask the engine for every unit's outcome; a failed block stops the build."""
    try:
        outcomes = engine.run(units)
    except NotStoredError as error:
        raise PluginError(str(error)) from error
    failed = failures(outcomes)
    if failed:
        for failure in failed:
            log.error("executed block failed: %s\n%s", failure.summary(), failure.traceback)
        raise PluginError(
            "executed blocks failed:\n  " + "\n  ".join(f.summary() for f in failed))
    return outcomes
