"""MkDocs hooks: pages show outputs from the execution store, never from code run in MkDocs.

- ``on_files`` (after mkdocs-jupyter has picked its pages) groups every page's executed
  blocks into units (:mod:`bookkit.units`), validates them (a bad page stops the build with
  ``path:line: problem``) and asks the :class:`bookkit.engine.Engine` for their outcomes:
  stored ones are reused, the others run in worker processes. A failed block stops the build with
  ``path:line (block 'id'): ExcType: message``. A notebook page's file is pointed at its
  executed ``.ipynb`` (built from the store), which mkdocs-jupyter renders without executing.
- markdown-exec's public ``formatters`` mapping gets a python formatter that renders through
  ``markdown_exec.base_format`` with a ``run`` that only reads the stored output of the block.
- Each chapter page ends with one line saying where and when its outputs were executed; the
  glossary gets its "나오는 곳" column, and the first use of each glossary term on a chapter,
  exercise or appendix page links to its entry (:mod:`bookkit.glossary`).
- Every build ends with one line: units executed, units reused, seconds spent executing, writes
  the output manifest (:mod:`bookkit.manifest`), then :func:`bookkit.site_check.check_site`
  verifies the built site.

``BOOK_EXECUTE=off`` renders every block without output and skips the checks: the
benchmark's "execution off" build.
"""

from __future__ import annotations

import logging
import os
import posixpath
from dataclasses import dataclass, field
from pathlib import Path

import markdown_exec
from markupsafe import Markup
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, set_exclusions
from mkdocs.structure.toc import get_toc
from mkdocs.utils import meta

from bookkit.chapter_notebooks import chapter_notebook
from bookkit.engine import Engine, NotStoredError, Outcome, failures
from bookkit.font_subset import write_site_font
from bookkit.glossary import (
    Chapter,
    GlossaryError,
    add_where_column,
    chapter_title,
    link_first_uses,
    terms,
)
from bookkit.manifest import build_manifest, manifest_path, write_manifest
from bookkit.notebooks import executed_notebook, readable_heading_ids
from bookkit.outputs import details, fill_text_output, fold_errors, placeholder
from bookkit.page_source import page_problems
from bookkit.provenance import provenance_note
from bookkit.search import add_morphs_field, defer_docs
from bookkit.site_check import EXECUTED_MARKER, check_site
from bookkit.units import Block, UnitsError, page_units, relative_name

log = logging.getLogger("mkdocs.plugins.bookkit")
NOTEBOOK_DIR = Path(".cache") / "bookkit" / "notebooks"


@dataclass
class BuildState:
    root: Path = Path(".")
    execute: bool = True
    engine: Engine | None = None
    blocks: dict[tuple[str, str], tuple[Block, Outcome]] = field(default_factory=dict)
    page_outcomes: dict[str, list[Outcome]] = field(default_factory=dict)
    sources: list[Path] = field(default_factory=list)  # every page's source under docs/
    chapters: list[Chapter] = field(default_factory=list)
    measurements: dict[str, set[str]] = field(default_factory=dict)  # page -> block ids
    glossary: list[tuple[str, list[str]]] = field(default_factory=list)
    page_blocks: dict[str, dict[str, Block]] = field(default_factory=dict)
    notebooks: list[tuple[str, Path, str]] = field(default_factory=list)  # page, file, url
    page: str | None = None


STATE = BuildState()


def _same_code(a: str, b: str) -> bool:
    return [line.rstrip() for line in a.strip().splitlines()] == [
        line.rstrip() for line in b.strip().splitlines()
    ]


def run_stored(code: str, returncode=None, session=None, id=None, **extra) -> str:  # noqa: A002, ARG001
    """markdown-exec's ``run`` for python fences: the block's stored output, nothing executed."""
    if not STATE.execute:
        return ""
    found = STATE.blocks.get((STATE.page or "", id or ""))
    if found is None:
        raise PluginError(f"{STATE.page}: executed block {id!r} is not part of any unit")
    block, outcome = found
    if not _same_code(code, block.code):
        raise PluginError(
            f"{block.label}: markdown-exec received other code than the block's includes expand "
            "to; check the --8<-- lines"
        )
    return outcome.outputs[block.id]


MEASUREMENT_NOTE = (
    '<p class="book-measurement">이 출력은 측정값입니다. 다시 실행하거나 다시 기록하면 '
    "달라집니다.</p>"
)


def format_python(**kwargs) -> Markup:
    """The python formatter: render the stored output and mark the block as executed.

    A long error message in a text output shows its first sentence, the whole message folded
    under the block (:mod:`bookkit.outputs`). A block the page declares a measurement gets a
    short note saying so under its output. A text output is never Markdown: markdown-exec
    renders a placeholder in its code block, which the escaped output then replaces.
    """
    folded: list[str] = []
    text = bool(kwargs.get("result")) and not kwargs.get("html")  # text outputs only
    token = placeholder()
    shown: list[str] = []

    def run(code: str, **options) -> str:
        output = run_stored(code, **options)
        if text and output:
            output, messages = fold_errors(output)
            folded.extend(messages)
            shown.append(output)
            return token
        return output

    html = markdown_exec.base_format(language="python", run=run, **kwargs)
    if shown:
        try:
            html = Markup(fill_text_output(str(html), token, shown[0]))
        except ValueError as error:
            raise PluginError(f"{STATE.page} (block {kwargs.get('id')!r}): {error}") from error
    if folded:
        html = html + Markup(details(folded))
    found = STATE.blocks.get((STATE.page or "", kwargs.get("id", "")))
    if found and found[1].outputs.get(found[0].id, "").strip():
        if found[0].id in STATE.measurements.get(STATE.page or "", set()):
            html = html + Markup(MEASUREMENT_NOTE)
        html = html + Markup(EXECUTED_MARKER.format(id=found[0].id))
    return html


def on_config(config, **kwargs):
    global STATE
    root = Path(config.config_file_path).resolve().parent
    STATE = BuildState(root=root, execute=os.environ.get("BOOK_EXECUTE", "on") != "off")
    if STATE.execute:
        STATE.engine = Engine(root)
    markdown_exec.formatters["python"] = format_python
    markdown_exec.formatters["py"] = format_python
    return config


def _use_executed_notebook(file: File, outcome: Outcome) -> None:
    """Point a notebook page's file at its executed ``.ipynb`` (same page, same URL)."""
    source = Path(file.abs_src_path)
    target = STATE.root / NOTEBOOK_DIR / Path(file.src_uri).with_suffix(".ipynb")
    text = executed_notebook(source, outcome.outputs)
    if not target.is_file() or target.read_text(encoding="utf-8") != text:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    file.abs_src_path = str(target)


def _read_front_matter(files) -> None:
    """Chapters (``kind: chapter``) for the glossary; declared measurements for the manifest."""
    for file in files.documentation_pages():
        if not file.src_uri.endswith(".md"):
            continue
        text = Path(file.abs_src_path).read_text(encoding="utf-8")
        _, data = meta.get_data(text)
        page = relative_name(Path(file.abs_src_path), STATE.root)
        STATE.measurements[page] = set(data.get("measurements") or [])
        if data.get("kind") == "glossary":
            STATE.glossary = terms(text)
        if data.get("kind") == "chapter":
            STATE.chapters.append(Chapter(file.src_uri, chapter_title(text, file.src_uri), text))


@event_priority(-100)  # after mkdocs-jupyter has marked its notebook pages
def on_files(files, config, **kwargs):
    root = STATE.root
    # mkdocs-jupyter replaces its pages' files without their `exclude_docs` level, which MkDocs
    # sets again only after this event; set it now, so excluded pages (a partial build,
    # mkdocs.local.example.yml) are neither run nor checked.
    set_exclusions(files, config)
    # Every page is read strictly before anything else reads it (bookkit.page_source).
    problems = [problem for file in files.documentation_pages()
                for problem in page_problems(Path(file.abs_src_path),
                                             relative_name(Path(file.abs_src_path), root))]
    if problems:
        raise PluginError("pages that cannot be read:\n  " + "\n  ".join(problems))
    units_of_page = {}
    for file in files.documentation_pages():
        source = Path(file.abs_src_path)
        STATE.sources.append(source)
        try:
            units_of_page[file] = page_units(source, root)
        except UnitsError as error:
            problems += error.problems
    _read_front_matter(files)
    for file, units in units_of_page.items():
        page = relative_name(Path(file.abs_src_path), root)
        STATE.page_blocks[page] = {block.id: block for unit in units for block in unit.blocks}
        ids = set(STATE.page_blocks[page])
        for name in sorted(STATE.measurements.get(page, set()) - ids):
            problems.append(f"{page}: front matter 'measurements' names {name!r}, "
                            "which is no executed block of the page")
    if problems:
        raise PluginError("invalid executed blocks:\n  " + "\n  ".join(problems))
    if not STATE.execute:
        return files
    all_units = [unit for units in units_of_page.values() for unit in units]
    try:
        outcomes = STATE.engine.run(all_units)
    except NotStoredError as error:
        raise PluginError(str(error)) from error
    failed = failures(outcomes)
    if failed:
        for failure in failed:
            log.error("executed block failed: %s\n%s", failure.summary(), failure.traceback)
        raise PluginError(
            "executed blocks failed:\n  " + "\n  ".join(f.summary() for f in failed)
        )
    for file, units in units_of_page.items():
        page = relative_name(Path(file.abs_src_path), root)
        STATE.page_outcomes[page] = [outcomes[unit.name] for unit in units]
        for unit in units:
            for block in unit.blocks:
                STATE.blocks[(page, block.id)] = (block, outcomes[unit.name])
            if unit.kind == "notebook":
                _use_executed_notebook(file, outcomes[unit.name])
    return files


def on_page_markdown(markdown, page, config, files, **kwargs):
    STATE.page = relative_name(Path(page.file.abs_src_path), STATE.root)
    if page.meta.get("kind") in ("chapter", "exercise", "appendix") and STATE.glossary:
        here = posixpath.dirname(page.file.src_uri)
        markdown = link_first_uses(markdown, STATE.glossary,
                                   posixpath.relpath("glossary.md", here or "."))
    if page.meta.get("kind") == "glossary":
        try:
            markdown = add_where_column(
                markdown, page.file.src_uri, STATE.page, STATE.chapters
            )
        except GlossaryError as error:
            raise PluginError(str(error)) from error
    if page.meta.get("kind") == "chapter":
        # The chapter's own notebook, written next to the page (bookkit.chapter_notebooks).
        folder = Path(config.site_dir) / Path(page.file.dest_uri).parent
        page.meta["notebook"] = f"{folder.name}.ipynb"
        STATE.notebooks.append((STATE.page, folder / page.meta["notebook"], page.url))
    if page.meta.get("kind") == "chapter" and STATE.execute:
        outcomes = STATE.page_outcomes.get(STATE.page, [])
        markdown += provenance_note(
            [o.machine for o in outcomes], [o.executed_at[:10] for o in outcomes]
        )
    return markdown


def on_page_content(html, page, config, files, **kwargs):
    STATE.page = None
    if getattr(page, "nb_url", None):  # a notebook page rendered by mkdocs-jupyter
        html, tokens = readable_heading_ids(html)
        page.toc = get_toc(tokens)
    return html


def on_post_build(config, **kwargs):
    for page, target, url in STATE.notebooks:
        source = (STATE.root / page).read_text(encoding="utf-8")
        target.parent.mkdir(parents=True, exist_ok=True)
        link = f"{config.site_url.rstrip('/')}/{url}" if config.site_url else None
        notebook = chapter_notebook(source, page, STATE.page_blocks.get(page, {}), STATE.root,
                                    link)
        target.write_text(notebook, encoding="utf-8")
    index = Path(config.site_dir) / "search" / "search_index.json"
    if index.is_file():
        glossary = Path(config.docs_dir) / "glossary.md"
        counts = add_morphs_field(
            index, glossary.read_text(encoding="utf-8") if glossary.is_file() else "",
            STATE.root / ".cache" / "bookkit" / "search",
        )
        log.info("bookkit: Korean search field: %(analysed)d sections analysed, "
                 "%(reused)d reused", counts)
        defer_docs(Path(config.site_dir))  # fetched when the reader searches
    write_site_font(Path(config.site_dir), STATE.root / ".cache" / "bookkit" / "font")
    if not STATE.execute:
        log.info("bookkit: execution off, nothing executed or checked")
        return
    log.info("bookkit: %s", STATE.engine.summary())
    outcomes = [o for page in STATE.page_outcomes.values() for o in page]
    write_manifest(build_manifest(outcomes, STATE.measurements, STATE.root),
                   manifest_path(STATE.root))
    problems = check_site(
        Path(config.docs_dir), Path(config.site_dir), STATE.root, STATE.sources
    )
    if problems:
        raise PluginError("post-build check failed:\n  " + "\n  ".join(problems))
