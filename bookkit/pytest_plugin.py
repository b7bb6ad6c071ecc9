"""pytest plugin: every python fence of every book page is a test.

It wraps pytest-markdown-docs (loaded with ``-p no:pytest_markdown_docs -p
bookkit.pytest_plugin``) and changes what it collects:

- only ``.md`` files; ``.py`` files are never imported for their docstrings, so collecting
  never runs a lab;
- fences are found with :mod:`bookkit.fences`, the parser the build uses, so fences inside
  content tabs and admonitions count and ``--8<--`` includes are expanded;
- executed fences run in one namespace per (page, session), in page order, through
  :func:`bookkit.execution.run_code`, exactly as in the build; running one block alone first
  runs the earlier blocks of its session;
- python fences that the build does not execute are compiled, so their syntax is checked.

A failure names the markdown file, the fence's line and its id.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pytest_markdown_docs._runners import _Runner, register_runner
from pytest_markdown_docs.definitions import FenceTestDefinition
from pytest_markdown_docs.plugin import (  # noqa: F401  (re-exported hooks)
    MarkdownInlinePythonItem,
    pytest_addhooks,
    pytest_addoption,
    pytest_configure,
)

from bookkit.execution import new_namespace, run_code
from bookkit.fences import Fence, FenceError, extract_fences, validate_executed_fences


@dataclass
class _Session:
    fences: list[Fence]
    namespace: dict
    done: set[int] = field(default_factory=set)
    failed: dict[int, str] = field(default_factory=dict)


_FENCES: dict[tuple[str, int], Fence] = {}
_CODE: dict[tuple[str, int], str] = {}
_SESSIONS: dict[tuple[str, str | None], _Session] = {}


def _run_fence(fence: Fence) -> str:
    key = (str(fence.path), fence.session)
    code = _CODE[(str(fence.path), fence.line)]
    if fence.session is None:
        return run_code(code, new_namespace("book_test_solo"), filename=fence.label)
    session = _SESSIONS[key]
    for earlier in session.fences:
        if earlier.line >= fence.line:
            break
        if earlier.line in session.failed:
            raise RuntimeError(f"earlier block {earlier.label} of this session failed")
        if earlier.line not in session.done:
            _run_fence(earlier)
    if fence.line in session.done:
        session.namespace.clear()
        session.done.clear()
        return _run_fence(fence)
    try:
        output = run_code(code, session.namespace, filename=fence.label)
    except Exception as error:
        session.failed[fence.line] = repr(error)
        raise
    session.done.add(fence.line)
    return output


@register_runner()
class BookExecutedFence(_Runner):
    """Runs an executed fence in its page session and checks that it printed something."""

    def runtest(self, test: FenceTestDefinition, args, **kwargs):
        fence = _FENCES[(str(test.source_path), test.start_line)]
        output = _run_fence(fence)
        if not output.strip():
            raise AssertionError(f"{fence.label}: executed block printed nothing")

    def repr_failure(self, test, excinfo, style=None):
        fence = _FENCES[(str(test.source_path), test.start_line)]
        trace = "".join(traceback.format_exception(excinfo.value))
        return f"{fence.label} failed: {excinfo.exconly()}\n\n{trace}"


@register_runner()
class BookCompiledFence(_Runner):
    """A python fence the build does not run: it must at least compile."""

    def runtest(self, test: FenceTestDefinition, args, **kwargs):
        compile(test.source, f"{test.source_path}:{test.start_line}", "exec", dont_inherit=True)

    def repr_failure(self, test, excinfo, style=None):
        return f"{test.source_path}:{test.start_line}: python fence does not compile\n" + (
            excinfo.exconly()
        )


class BookMarkdownFile(pytest.File):
    def collect(self):
        root = self.config.rootpath
        relative = self.path.relative_to(root)
        fences = extract_fences(self.path.read_text(encoding="utf-8"), relative)
        problems = validate_executed_fences(fences, root)
        if problems:
            raise FenceError(relative, 1, "invalid executed blocks:\n  " + "\n  ".join(problems))
        python = [fence for fence in fences if fence.is_python]
        for fence in python:
            key = (str(relative), fence.line)
            _FENCES[key] = fence
            _CODE[key] = fence.code(root)
            if fence.executed and fence.session is not None:
                session_key = (str(relative), fence.session)
                if session_key not in _SESSIONS:
                    members = [f for f in python if f.executed and f.session == fence.session]
                    module = "book_test_" + "".join(c if c.isalnum() else "_" for c in str(key))
                    _SESSIONS[session_key] = _Session(members, new_namespace(module))
            runner = "BookExecutedFence" if fence.executed else "BookCompiledFence"
            name = fence.id or "fence"
            yield MarkdownInlinePythonItem.from_parent(
                self,
                name=f"{name}[line:{fence.line}]",
                test_definition=FenceTestDefinition(
                    _CODE[key], (), fence.line, relative, runner_name=runner
                ),
            )


def pytest_collect_file(file_path: Path, parent):
    if parent.config.option.markdowndocs and file_path.suffix == ".md":
        return BookMarkdownFile.from_parent(parent, path=Path(file_path))
    return None
