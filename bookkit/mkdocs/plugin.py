"""The ``bookkit`` MkDocs plugin: pages show outputs from the execution store, never from code
run in MkDocs.

Its options (``plugins: - bookkit: {...}`` in ``mkdocs.yml``, :class:`BookConfig`) are the
build's settings (:mod:`bookkit.settings`); ``BOOK_*`` environment variables override them.
Everything one build knows lives on the plugin instance (:class:`BuildState`).

- ``on_files`` (after mkdocs-jupyter has picked its pages) reads every page once
  (:class:`bookkit.page_source.Page`, which everything after uses), groups its executed
  blocks into units (:mod:`bookkit.exec.units`), validates them (a bad page stops the build with
  ``path:line: problem``) and asks the :class:`bookkit.exec.engine.Engine` for their outcomes:
  stored ones are reused, the others run in worker processes. A failed block stops the build with
  ``path:line (block 'id'): ExcType: message``. A notebook page's file is pointed at its
  executed ``.ipynb`` (built from the store), which mkdocs-jupyter renders without executing.
  When the pages differ from the last build's, Kiwi starts loading in a child process for the
  search field (:class:`bookkit.mkdocs.search.AnalysisHelper`).
- markdown-exec's public ``formatters`` mapping gets a python formatter that renders through
  ``markdown_exec.base_format`` with a ``run`` that only reads the stored output of the block.
- Each chapter page ends with one line saying where and when its outputs were executed; the
  glossary gets its "나오는 곳" column, and the first use of each glossary term on a chapter,
  exercise or appendix page links to its entry (:mod:`bookkit.mkdocs.glossary`).
- Every build ends with one line: units executed, units reused, seconds spent executing, writes
  the output manifest (:mod:`bookkit.manifest`), checks from memory that every executed block
  of every markdown page was rendered with its output (:meth:`BookPlugin.unrendered_blocks`),
  then :func:`bookkit.mkdocs.site_check.check_site` verifies the built site.

``execute: false`` (``BOOK_EXECUTE=off``) renders every block without output and skips the
checks: the
benchmark's "execution off" build.
"""

from __future__ import annotations

import json
import logging
import posixpath
import re
import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path

import markdown_exec
from markupsafe import Markup
from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, set_exclusions
from mkdocs.structure.toc import get_toc

from bookkit import sanitize
from bookkit.exec.capture import WARNS_OPTION
from bookkit.exec.engine import Engine, NotStoredError, Outcome, failures
from bookkit.exec.provenance import provenance_note
from bookkit.exec.units import Block, Unit, UnitsError, relative_name, units_of
from bookkit.files import write_atomically
from bookkit.manifest import build_manifest, write_manifest
from bookkit.mkdocs.chapter_notebooks import chapter_notebook
from bookkit.mkdocs.dirty import DirtyBuilds, quicken_watcher
from bookkit.mkdocs.font_subset import cached_plot_font, write_site_font
from bookkit.mkdocs.glossary import (
    Chapter,
    GlossaryError,
    add_where_column,
    chapter_title,
    link_first_uses,
    mark_table,
    terms,
    where_rows,
)
from bookkit.mkdocs.math_render import KATEX, Katex, MathError, SetPages, source_lines
from bookkit.mkdocs.notebook_pages import (
    NotebookPageError,
    executed_notebook,
    ipynb_text,
    notebook_page,
)
from bookkit.mkdocs.pdf import mark_pdf_link
from bookkit.mkdocs.predictions import PredictionError, fold_answers
from bookkit.mkdocs.search import (
    AnalysisHelper,
    add_morphs_field,
    pages_digest,
    search_memo,
    tidy_documents,
    warm_kiwi,
    write_index,
)
from bookkit.mkdocs.serve_errors import guard_rebuilds
from bookkit.mkdocs.site_check import check_site, scan_memo
from bookkit.mkdocs.theme_listing import list_without_dot_folders
from bookkit.outputs import (
    details,
    fill_text_output,
    fold_errors,
    placeholder,
    printed_around_markup,
)
from bookkit.page_source import Page, PageError, read_page
from bookkit.settings import Settings, SettingsError, load

log = logging.getLogger("mkdocs.plugins.bookkit")
NOTEBOOK_DIR = Path(".cache") / "bookkit" / "notebooks"
SEARCH_CACHE = Path(".cache") / "bookkit" / "search"
MATH_CACHE = Path(".cache") / "bookkit" / "math"
LAST_PAGES = SEARCH_CACHE / "last-pages"  # pages_digest of the last build that finished


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


@dataclass
class BuildState:
    root: Path
    settings: Settings
    engine: Engine | None = None
    blocks: dict[tuple[str, str], tuple[Block, Outcome]] = field(default_factory=dict)
    page_outcomes: dict[str, list[Outcome]] = field(default_factory=dict)
    units: int = 0  # the executed units of this build's pages (stored or run)
    pages: dict[str, Page] = field(default_factory=dict)  # src_uri -> its source, read once
    chapters: list[Chapter] = field(default_factory=list)
    measurements: dict[str, set[str]] = field(default_factory=dict)  # page -> block ids
    glossary: list[tuple[str, list[str]]] = field(default_factory=list)
    glossary_text: str = ""
    page_blocks: dict[str, dict[str, Block]] = field(default_factory=dict)
    notebooks: list[tuple[str, Path, str]] = field(default_factory=list)  # src_uri, file, url
    executed: dict[str, object] = field(default_factory=dict)  # src_uri -> notebook with outputs
    katex: Katex | None = None  # math set at build time (bookkit.mkdocs.math_render)
    math: SetPages | None = None  # pages an earlier build set (.cache/bookkit/math)
    helper: AnalysisHelper | None = None  # Kiwi loading in a child while the pages render
    pages_digest: str = ""  # what the search sections are made of (search.pages_digest)
    search_index: dict | None = None  # as written after the build, for the post-build check
    page: str | None = None  # the page markdown-exec renders now
    shown: set[str] = field(default_factory=set)  # pages whose markdown was rendered
    rendered: set[tuple[str, str]] = field(default_factory=set)  # (page, id) shown with output
    nonce: str = field(default_factory=lambda: secrets.token_hex(8))  # no page can forge a mark

    @property
    def execute(self) -> bool:
        return self.settings.execute


def _same_code(a: str, b: str) -> bool:
    return [line.rstrip() for line in a.strip().splitlines()] == [
        line.rstrip() for line in b.strip().splitlines()
    ]


MEASUREMENT_NOTE = (
    '<p class="book-measurement">이 출력은 측정값입니다. 다시 실행하거나 다시 기록하면 '
    "달라집니다.</p>"
)


def _settings(config: BookConfig, root: Path) -> Settings:
    """The plugin's options, paths made absolute, overridden by ``BOOK_*`` variables."""
    options = {name: value for name, value in config.items() if value is not None}
    for name in ("store", "secondary_store", "manifest"):
        if name in options:
            options[name] = root / options[name]
    try:
        return load(options)
    except SettingsError as error:
        raise PluginError(f"bookkit: {error}") from error


def _body_line(source: str, markdown: str) -> int:
    """The line of the page's ``source`` where ``markdown`` (its body, after front matter)
    starts."""
    start = source.find(markdown[:200]) if markdown else -1
    return source.count("\n", 0, start) + 1 if start >= 0 else 1


def _pages(files) -> list:
    return list(files.documentation_pages())


class BookPlugin(BasePlugin[BookConfig]):
    """Executed blocks from the store, the glossary, chapter notebooks and post-build checks."""

    state: BuildState
    dirty: DirtyBuilds = DirtyBuilds(enabled=False)
    warming: threading.Thread | None = None  # Kiwi loading while `serve` waits for a save

    def on_startup(self, command, dirty, **kwargs):
        # Its presence makes MkDocs keep this plugin across the rebuilds of one `serve`, so
        # `serve --dirty` re-renders only what a save changed (bookkit.mkdocs.dirty).
        self.dirty = DirtyBuilds(enabled=dirty)

    def on_serve(self, server, config, builder, **kwargs):
        quicken_watcher(server, config)
        guard_rebuilds(server, config.site_dir)
        return server

    def on_env(self, env, config, files, **kwargs):
        if self.dirty.enabled:  # one `serve`: its templates compiled once
            env.bytecode_cache = self.dirty.templates
        return env

    def on_config(self, config, **kwargs):
        root = Path(config.config_file_path).resolve().parent
        settings = _settings(self.config, root)
        self.state = BuildState(root, settings)
        if settings.execute:
            self.state.engine = Engine(root, settings)
        markdown_exec.formatters["python"] = self.format_python
        markdown_exec.formatters["py"] = self.format_python
        list_without_dot_folders(config.theme)
        return config

    # --- markdown-exec: stored outputs, nothing executed ---------------------------------
    def run_stored(self, code: str, returncode=None, session=None, id=None,  # noqa: A002
                   **extra) -> str:  # noqa: ARG002
        """markdown-exec's ``run`` for python fences: the block's stored output."""
        state = self.state
        if not state.execute:
            return ""
        found = state.blocks.get((state.page or "", id or ""))
        if found is None:
            raise PluginError(f"{state.page}: executed block {id!r} is not part of any unit")
        block, outcome = found
        if not _same_code(code, block.code):
            raise PluginError(
                f"{block.label}: markdown-exec received other code than the block's includes "
                "expand to; check the --8<-- lines"
            )
        return outcome.outputs[block.id]

    def format_python(self, **kwargs) -> Markup:
        """The python formatter: render the stored output and mark the block as executed.

        A long error message in a text output shows its first sentence, the whole message
        folded under the block (:mod:`bookkit.outputs`). A block the page declares a
        measurement gets a short note under its output. A text output is never Markdown:
        markdown-exec renders a placeholder in its code block, which the escaped output then
        replaces.
        """
        folded: list[str] = []
        text = bool(kwargs.get("result")) and not kwargs.get("html")  # text outputs only
        token = placeholder()
        shown: list[str] = []

        def run(code: str, **options) -> str:
            output = self.run_stored(code, **options)
            if text and output:
                output, messages = fold_errors(output)
                folded.extend(messages)
                shown.append(output)
                return token
            if kwargs.get("html"):
                self._allowed_markup(output, kwargs.get("id"))
                return sanitize.clean(printed_around_markup(output))
            return output

        # warns= is the engine's (bookkit.exec.capture); markdown-exec would write an option it
        # does not know into the rendered source's fence.
        extra = {k: v for k, v in kwargs.get("extra", {}).items() if k != WARNS_OPTION}
        html = markdown_exec.base_format(language="python", run=run, **{**kwargs, "extra": extra})
        if not text and not kwargs.get("html"):  # Markdown: its HTML, as the page will show it
            self._allowed_markup(str(html), kwargs.get("id"))
            html = Markup(sanitize.clean(str(html)))
        if shown:
            try:
                html = Markup(fill_text_output(str(html), token, shown[0]))
            except ValueError as error:
                raise PluginError(
                    f"{self.state.page} (block {kwargs.get('id')!r}): {error}") from error
        if folded:
            html = html + Markup(details(folded))
        return html + Markup(self._rendered(kwargs.get("id", "")))

    def _allowed_markup(self, markup: str, block_id: str | None) -> None:
        """Fail the build when an output holds markup outside the allowlist (bookkit.sanitize)."""
        problems = sanitize.removed(markup)
        if problems:
            found = self.state.blocks.get((self.state.page or "", block_id or ""))
            where = found[0].label if found else f"{self.state.page} (block {block_id!r})"
            message = (f"{where}: its output holds markup that is not allowed: "
                       + "; ".join(problems[:5]))
            log.error(message)  # pymdownx's superfences drops a formatter's exception
            raise PluginError(message)

    def _rendered(self, block_id: str) -> str:
        """The measurement note and the rendered mark of a block that printed something.

        The mark is taken out of the page's HTML in :meth:`on_page_content`, which remembers the
        block as shown: only output that reached the page's HTML counts (a fence that Markdown
        turned into an indented code block gets its output rendered, then dropped).
        """
        state = self.state
        found = state.blocks.get((state.page or "", block_id))
        if not found or not found[1].outputs.get(found[0].id, "").strip():
            return ""
        note = MEASUREMENT_NOTE if found[0].id in state.measurements.get(state.page, set()) else ""
        return note + f"<!--bookkit-rendered {state.nonce} {found[0].id}-->"

    # --- files: every page read, grouped into units, run or reused -----------------------
    @event_priority(-100)  # after mkdocs-jupyter has marked its notebook pages
    def on_files(self, files, config, **kwargs):
        # mkdocs-jupyter replaces its pages' files without their `exclude_docs` level, which
        # MkDocs sets again only after this event; set it now, so excluded pages (a partial
        # build, mkdocs.local.example.yml) are neither run nor checked.
        set_exclusions(files, config)
        units_of_page = self._units(files)
        outcomes = self._run(units_of_page) if self.state.execute else {}
        self._start_analysis(outcomes)
        if self.dirty.enabled:  # a plain build renders every page: nothing to choose
            self.dirty.choose_pages(files, config, self.state.pages, units_of_page, outcomes,
                                    where_rows(self.state.chapters, self.state.glossary),
                                    "glossary.md", self.state.glossary)
        return files

    def _start_analysis(self, outcomes: dict[str, Outcome]) -> None:
        """Start Kiwi in a child process when the pages differ from the last build's, so some
        search section will need it; ``serve`` has it loaded in-process already."""
        state = self.state
        state.pages_digest = pages_digest([page.text for page in state.pages.values()],
                                          sorted(outcome.key for outcome in outcomes.values()))
        last = state.root / LAST_PAGES
        same = last.is_file() and last.read_text(encoding="utf-8") == state.pages_digest
        if not same and not self.dirty.enabled:
            state.helper = AnalysisHelper(state.glossary_text, state.root)

    def on_nav(self, nav, config, files, **kwargs):
        self.dirty.read_unrendered_titles(nav, config)
        # The glossary lists chapters in book order (the nav's), not in file order.
        order = {page.file.src_uri: number for number, page in enumerate(nav.pages)}
        self.state.chapters.sort(key=lambda chapter: order.get(chapter.src_uri, len(order)))
        return nav

    def _units(self, files) -> dict:
        """Every page's units, after every page was read strictly; PluginError lists problems."""
        state = self.state
        self._read_pages(files)
        problems: list[str] = []
        units_of_page: dict = {}
        for file in _pages(files):
            try:
                units_of_page[file] = self.dirty.units_of(self._page(file), state.root,
                                                          units_of)
            except UnitsError as error:
                problems += error.problems
        self._read_front_matter(files)
        for file, units in units_of_page.items():
            problems += self._index_blocks(self._page(file).name, units)
        if problems:
            raise PluginError("invalid executed blocks:\n  " + "\n  ".join(problems))
        return units_of_page

    def _read_pages(self, files) -> None:
        """Read every page once (:mod:`bookkit.page_source`), before anything else uses it."""
        state, problems = self.state, []
        for file in _pages(files):
            name = relative_name(Path(file.abs_src_path), state.root)
            try:
                state.pages[file.src_uri] = self.dirty.read_page(Path(file.abs_src_path), name,
                                                                 read_page)
            except PageError as error:
                problems += error.problems
        if problems:
            raise PluginError("pages that cannot be read:\n  " + "\n  ".join(problems))

    def _page(self, file: File) -> Page:
        return self.state.pages[file.src_uri]

    def _index_blocks(self, page: str, units: list[Unit]) -> list[str]:
        """Remember the page's blocks; problems with its declared measurements."""
        state = self.state
        state.page_blocks[page] = {block.id: block for unit in units for block in unit.blocks}
        missing = state.measurements.get(page, set()) - set(state.page_blocks[page])
        return [f"{page}: front matter 'measurements' names {name!r}, which is no executed "
                "block of the page" for name in sorted(missing)]

    def _read_front_matter(self, files) -> None:
        """Chapters (``kind: chapter``) for the glossary; declared measurements."""
        state = self.state
        for file in _pages(files):
            page = self._page(file)
            if not file.src_uri.endswith(".md"):
                continue
            state.measurements[page.name] = page.measurements
            if page.kind == "glossary":
                state.glossary, state.glossary_text = terms(page.text), page.text
            if page.kind == "chapter":
                state.chapters.append(
                    Chapter(file.src_uri, chapter_title(page.text, file.src_uri), page.text))

    def _run(self, units_of_page: dict) -> dict[str, Outcome]:
        """Ask the engine for every unit's outcome; a failed block stops the build."""
        state = self.state
        all_units = [unit for units in units_of_page.values() for unit in units]
        state.units = len(all_units)
        try:
            outcomes = state.engine.run(all_units)
        except NotStoredError as error:
            raise PluginError(str(error)) from error
        failed = failures(outcomes)
        if failed:
            for failure in failed:
                log.error("executed block failed: %s\n%s", failure.summary(), failure.traceback)
            raise PluginError(
                "executed blocks failed:\n  " + "\n  ".join(f.summary() for f in failed))
        for file, units in units_of_page.items():
            page = self._page(file)
            state.page_outcomes[page.name] = [outcomes[unit.name] for unit in units]
            for unit in units:
                for block in unit.blocks:
                    state.blocks[(page.name, block.id)] = (block, outcomes[unit.name])
                if unit.kind == "notebook":
                    self._use_executed_notebook(file, page, outcomes[unit.name])
        return outcomes

    def _use_executed_notebook(self, file: File, page: Page, outcome: Outcome) -> None:
        """Point a notebook page's file at its executed ``.ipynb`` (same page, same URL)."""
        target = self.state.root / NOTEBOOK_DIR / Path(file.src_uri).with_suffix(".ipynb")
        self.state.executed[file.src_uri] = executed_notebook(page.notebook, outcome.outputs)
        text = ipynb_text(self.state.executed[file.src_uri])
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            write_atomically(target, text.encode())  # another build may be reading it
        file.abs_src_path = str(target)

    # --- pages ------------------------------------------------------------------------
    def on_page_markdown(self, markdown, page, config, files, **kwargs):
        state = self.state
        state.page = relative_name(Path(page.file.abs_src_path), state.root)
        state.shown.add(state.page)
        kind = page.meta.get("kind")
        try:
            read = state.pages.get(page.file.src_uri)
            first = _body_line(read.text, markdown) if read is not None else 1
            markdown = fold_answers(markdown, state.page, first)
        except PredictionError as error:
            raise PluginError(str(error)) from error
        if kind in ("chapter", "exercise", "appendix") and state.glossary:
            here = posixpath.dirname(page.file.src_uri)
            markdown = link_first_uses(markdown, state.glossary,
                                       posixpath.relpath("glossary.md", here or "."))
        if kind == "glossary":
            try:
                markdown = add_where_column(markdown, page.file.src_uri, state.page,
                                            state.chapters)
            except GlossaryError as error:
                raise PluginError(str(error)) from error
        if kind == "chapter":
            # The chapter's own notebook, written next to the page (chapter_notebooks).
            folder = Path(config.site_dir) / Path(page.file.dest_uri).parent
            page.meta["notebook"] = f"{folder.name}.ipynb"
            state.notebooks.append((page.file.src_uri, folder / page.meta["notebook"], page.url))
        if kind == "chapter" and state.execute:
            outcomes = state.page_outcomes.get(state.page, [])
            markdown += provenance_note(
                [o.machine for o in outcomes], [o.executed_at[:10] for o in outcomes]
            )
        return markdown

    def on_page_content(self, html, page, config, files, **kwargs):
        state = self.state
        marks = re.compile(rf"<!--bookkit-rendered {state.nonce} ([a-z0-9-]+)-->")
        state.rendered |= {(state.page, block_id) for block_id in marks.findall(html)}
        html = marks.sub("", html)
        state.page = None
        if page.meta.get("kind") == "glossary":
            html = mark_table(html)
        if getattr(page, "nb_url", None):  # a notebook page rendered by mkdocs-jupyter
            # What mkdocs-jupyter rendered: the executed notebook, or the page's own unexecuted.
            src_uri = page.file.src_uri
            notebook = state.executed.get(src_uri) or state.pages[src_uri].notebook
            try:
                html, tokens = notebook_page(html, notebook, self._source_lines(page))
            except NotebookPageError as error:
                raise PluginError(f"{page.file.src_uri}: {error}") from error
            except MathError as error:  # already names the page and line
                raise PluginError(str(error)) from error
            page.toc = get_toc(tokens)
        return html

    def on_post_page(self, output, page, config, **kwargs):
        # After the search plugin read the page, so its index keeps the formulas' TeX.
        state = self.state
        katex_js = Path(config.docs_dir) / KATEX
        state.math = state.math or SetPages(state.root / MATH_CACHE, katex_js)

        def katex() -> Katex:
            state.katex = state.katex or self.dirty.kept_katex(katex_js, Katex)
            return state.katex

        try:
            return state.math.render(output, katex, self._source_lines(page))
        except MathError as error:
            raise PluginError(str(error)) from error

    def _source_lines(self, page):
        """``where(text)`` for a page: ``docs/page.md:line`` of the source holding ``text``."""
        source = self.state.pages[page.file.src_uri]  # every documentation page, read once
        return source_lines(source.name, source.text)

    def on_build_error(self, error, **kwargs):
        if self.state.katex is not None:
            self.state.katex.close()
        if self.state.helper is not None:
            self.state.helper.close()

    # --- after the build ----------------------------------------------------------------
    def on_post_build(self, config, **kwargs):
        if self.state.katex is not None:
            self.state.katex.close()
        if self.state.math is not None and not self.dirty.enabled:  # a full build saw every page
            self.state.math.prune()
        self._write_chapter_notebooks(config)
        try:
            self._add_search_field(config)
        finally:
            if self.state.helper is not None:
                self.state.helper.close()
        write_site_font(Path(config.site_dir), self.state.root / ".cache" / "bookkit" / "font")
        mark_pdf_link(Path(config.site_dir))
        state = self.state
        if not state.execute:
            log.info("bookkit: execution off, nothing executed or checked")
            return
        log.info("bookkit: %s", state.engine.summary())
        outcomes = [o for page in state.page_outcomes.values() for o in page]
        write_manifest(build_manifest(outcomes, state.measurements, state.root),
                       state.settings.manifest_path(state.root))
        notebooks = [page for page in state.pages.values() if page.is_notebook]
        scans = scan_memo(state.root)
        problems = self.unrendered_blocks() + markup_outside_allowlist(outcomes) + check_site(
            Path(config.docs_dir), Path(config.site_dir), state.root, notebooks,
            state.search_index, scans)
        if not self.dirty.enabled:  # every file of the site was scanned: the rest is old
            scans.sweep()
        if problems:
            raise PluginError("post-build check failed:\n  " + "\n  ".join(problems))
        if self.dirty.enabled and self.warming is None:  # a save will need Kiwi: load it now
            self.warming = threading.Thread(target=warm_kiwi, args=(state.glossary_text,),
                                            daemon=True)
            self.warming.start()
            if state.engine is not None and state.units:  # and a snippet save, a worker:
                state.engine.prepare()  # its server is started now

    def unrendered_blocks(self) -> list[str]:
        """The executed blocks of markdown pages that were not rendered with their output.

        Every block whose page was rendered must have its output in the page's HTML, which
        :meth:`on_page_content` saw (a fence markdown-exec never saw or whose output Markdown
        dropped, or a block that printed nothing, fails). A page with executed blocks that was
        not rendered at all fails too, unless ``serve --dirty`` kept its page from the last
        build.
        """
        state, problems = self.state, []
        for page in state.pages.values():
            blocks = state.page_blocks.get(page.name, {})
            if page.is_notebook or not blocks:
                continue
            if page.name not in state.shown:
                if not self.dirty.enabled:
                    problems.append(f"{page.name}: has executed blocks but was not rendered")
                continue
            problems += [f"{block.label}: executed block rendered no output" for block in
                         blocks.values() if (page.name, block.id) not in state.rendered]
        return problems

    def _write_chapter_notebooks(self, config) -> None:
        state = self.state
        cache = state.root / ".cache" / "bookkit" / "font"

        def plot_font(chars: set[str]) -> bytes:
            return cached_plot_font(chars, cache)

        for src_uri, target, url in state.notebooks:
            page = state.pages[src_uri]
            target.parent.mkdir(parents=True, exist_ok=True)
            link = f"{config.site_url.rstrip('/')}/{url}" if config.site_url else None
            notebook = chapter_notebook(page, state.page_blocks.get(page.name, {}), state.root,
                                        link, plot_font)
            target.write_text(notebook, encoding="utf-8")

    def _add_search_field(self, config) -> None:
        index = Path(config.site_dir) / "search" / "search_index.json"
        self.dirty.merge_search_index(index)
        if not index.is_file():
            return
        if self.warming is not None:
            self.warming.join()  # Kiwi is loaded once per process
        state = self.state
        state.search_index = json.loads(index.read_bytes())
        tidy_documents(state.search_index)
        memo = search_memo(state.root / SEARCH_CACHE)
        counts = add_morphs_field(state.search_index, state.glossary_text, memo, state.helper)
        if not self.dirty.enabled:  # a full build saw every section: the rest is old
            memo.sweep()
        write_index(Path(config.site_dir), state.search_index)
        write_atomically(state.root / LAST_PAGES, state.pages_digest.encode())
        log.info("bookkit: Korean search field: %(analysed)d sections analysed, "
                 "%(reused)d reused", counts)


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

