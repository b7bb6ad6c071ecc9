"""MkDocs hooks that make markdown-exec behave like an executed book needs.

- Sessions belong to one page: every page starts with empty session namespaces, in
  ``mkdocs build`` and on every ``mkdocs serve`` rebuild alike, so a name that no earlier block
  of the page defined fails in both.
- A page is validated before it runs (ids, snippet-only bodies, included files exist); a bad
  page stops the build with ``path:line: problem``.
- A block that raises is reported as ``path:line (block 'id'): ExcType: message``, which
  markdown-exec's own warning does not say, and it fails the build.
- Everything a block prints, writes or warns reaches the page (see :mod:`bookkit.execution`).
- Each chapter page ends with one line saying where its outputs were executed.
- After the build, :func:`bookkit.site_check.check_site` verifies that every executed fence
  of every page rendered its output, and that no page loads anything from another host.
"""

from __future__ import annotations

import logging
import re
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from markdown_exec._internal.formatters import python as markdown_exec_python
from markdown_exec._internal.formatters.base import ExecutionError
from markdown_exec._internal.rendering import code_block
from markupsafe import Markup
from mkdocs.exceptions import PluginError

from bookkit.execution import new_namespace, run_code
from bookkit.fences import Fence, FenceError, extract_fences, validate_executed_fences
from bookkit.provenance import build_environment, provenance_note
from bookkit.site_check import EXECUTED_MARKER, check_site

log = logging.getLogger("mkdocs.plugins.bookkit")


@dataclass
class PageRun:
    """Execution state of the page being rendered."""

    source: str  # path relative to the project root, e.g. docs/tensors/index.md
    fences: dict[str, Fence]
    namespaces: dict[str, dict] = field(default_factory=dict)

    def namespace(self, session: str | None) -> dict:
        if session is None:  # no session: the block runs alone, like in markdown-exec
            return new_namespace(_module_name(self.source, "solo"))
        if session not in self.namespaces:
            self.namespaces[session] = new_namespace(_module_name(self.source, session))
        return self.namespaces[session]


@dataclass
class BuildState:
    project_root: Path = Path(".")
    page: PageRun | None = None
    failures: list[str] = field(default_factory=list)
    built_pages: list[Path] = field(default_factory=list)
    environment: dict[str, str] = field(default_factory=dict)


STATE = BuildState()
# Kept on markdown-exec's module: `mkdocs serve` re-imports this hook file on every rebuild,
# and the new copy must wrap markdown-exec's function, not the previous copy's wrapper.
_original_base_format = getattr(
    markdown_exec_python, "_bookkit_original_base_format", markdown_exec_python.base_format
)
markdown_exec_python._bookkit_original_base_format = _original_base_format


def _module_name(source: str, session: str) -> str:
    return "book_" + re.sub(r"\W+", "_", f"{source}_{session}")


def run_block(code: str, returncode=None, session=None, id=None, **extra) -> str:  # noqa: A002, ARG001
    """markdown-exec's ``run`` callable for python fences, bound to the current page."""
    page = STATE.page
    if page is None or id not in page.fences:
        # Fences markdown-exec finds outside a validated page (should not happen).
        raise ExecutionError(code_block("text", f"unvalidated executed block id={id!r}"))
    fence = page.fences[id]
    try:
        return run_code(code, page.namespace(session), filename=fence.label)
    except Exception as error:
        message = f"{fence.label}: {type(error).__name__}: {error}"
        log.error("executed block raised: %s", message)
        STATE.failures.append(message)
        shown = "".join(traceback.format_exception(error))
        raise ExecutionError(code_block("python", shown, **extra)) from error


def base_format_marked(**kwargs) -> Markup:
    """Run the block with :func:`run_block` and mark the rendered HTML as executed."""
    outputs: list[str] = []

    def run(code, **options):
        output = run_block(code, **options)
        outputs.append(output)
        return output

    kwargs["run"] = run
    html = _original_base_format(**kwargs)
    if outputs and outputs[0].strip():
        html = html + Markup(EXECUTED_MARKER.format(id=kwargs.get("id", "")))
    return html


def on_config(config, **kwargs):
    STATE.project_root = Path(config.config_file_path).resolve().parent
    STATE.failures = []
    STATE.built_pages = []
    STATE.environment = build_environment()
    markdown_exec_python.base_format = base_format_marked
    return config


def on_page_markdown(markdown, page, config, files, **kwargs):
    root = STATE.project_root
    source_path = Path(page.file.abs_src_path)
    STATE.built_pages.append(source_path)
    try:
        relative = source_path.relative_to(root)
    except ValueError:
        relative = source_path
    try:
        fences = extract_fences(source_path.read_text(encoding="utf-8"), relative)
    except FenceError as error:
        raise PluginError(str(error)) from error
    problems = validate_executed_fences(fences, root)
    if problems:
        raise PluginError("invalid executed blocks:\n  " + "\n  ".join(problems))
    executed = {fence.id: fence for fence in fences if fence.executed}
    STATE.page = PageRun(source=str(relative), fences=executed)
    if page.meta.get("kind") == "chapter":
        markdown += provenance_note(STATE.environment)
    return markdown


def on_page_content(html, page, config, files, **kwargs):
    STATE.page = None
    return html


def on_post_build(config, **kwargs):
    root = STATE.project_root
    problems = list(STATE.failures)
    problems += check_site(Path(config.docs_dir), Path(config.site_dir), root, STATE.built_pages)
    if problems:
        raise PluginError("post-build check failed:\n  " + "\n  ".join(problems))
