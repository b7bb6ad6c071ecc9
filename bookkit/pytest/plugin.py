"""pytest plugin: every python fence of every book page is a test.

It wraps pytest-markdown-docs (loaded with ``-p no:pytest_markdown_docs -p
bookkit.pytest.plugin``) and changes what it collects:

- only ``.md`` files; ``.py`` files are never imported for their docstrings, so collecting
  never runs a lab;
- executed fences, and the code cells of notebook pages, are grouped into the units the build
  uses (:mod:`bookkit.exec.units`); a test asks the same :class:`bookkit.exec.engine.Engine` for its
  unit's outcome, so it reuses what the build stored, or runs the unit in a worker process and
  stores it for the build. No block runs in the pytest process, so none can end it;
- python fences that the build does not execute are compiled, so their syntax is checked.

A failure names the markdown file, the fence's line and its id. The run ends with the engine's
line: units executed, units reused, seconds spent executing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bookkit.exec.engine import Engine
from bookkit.exec.units import Block, Unit, UnitsError, relative_name, units_of
from bookkit.fences import FenceError
from bookkit.page_source import PageError, read_page
from bookkit.pytest.markdown_docs import (  # noqa: F401  (the wrapped plugin's hooks)
    FenceTestDefinition,
    Runner,
    fence_item,
    pytest_addhooks,
    pytest_addoption,
    pytest_configure,
    register_runner,
)

_BLOCKS: dict[tuple[str, int], tuple[Unit, Block]] = {}
_ENGINE: list[Engine] = []
_REQUIRE_STORED: list[bool] = []


def require_stored() -> None:
    """From now on a fence whose unit the store does not hold fails (NotStoredError) instead of
    running it: a build in this run has already run every unit, and must have stored it."""
    if not _REQUIRE_STORED:
        _REQUIRE_STORED.append(True)


def _engine(root: Path) -> Engine:
    if not _ENGINE:
        _ENGINE.append(Engine(root))
    return _ENGINE[0]


class BlockFailed(AssertionError):
    def __init__(self, message: str, traceback: str = "") -> None:
        super().__init__(message)
        self.traceback = traceback


@register_runner()
class BookExecutedBlock(Runner):
    """An executed fence or notebook cell: its unit must have run it and it must show output."""

    def runtest(self, test: FenceTestDefinition, args, **kwargs):
        unit, block = _BLOCKS[(str(test.source_path), test.start_line)]
        outcome = _ENGINE[0].run([unit], require_stored=bool(_REQUIRE_STORED) or None)[
            unit.name]
        problem = outcome.problem(block)
        if problem is not None:
            failure = outcome.failure
            own = failure is not None and failure.block_id == block.id
            raise BlockFailed(problem, failure.traceback if own else "")
        silent_ok = unit.kind == "notebook" and "check" in block.options.get("tags", "")
        output = outcome.outputs[block.id]
        if not silent_ok and not (output.strip() if isinstance(output, str) else output):
            raise BlockFailed(f"{block.label}: executed block printed nothing")

    def repr_failure(self, test, excinfo, style=None):
        error = excinfo.value
        if isinstance(error, BlockFailed):
            return f"{error}\n\n{error.traceback}".rstrip()
        return excinfo.exconly()


@register_runner()
class BookCompiledFence(Runner):
    """A python fence the build does not run: it must at least compile."""

    def runtest(self, test: FenceTestDefinition, args, **kwargs):
        compile(test.source, f"{test.source_path}:{test.start_line}", "exec", dont_inherit=True)

    def repr_failure(self, test, excinfo, style=None):
        return f"{test.source_path}:{test.start_line}: python fence does not compile\n" + (
            excinfo.exconly()
        )


class BookMarkdownFile(pytest.File):
    def _item(self, name: str, code: str, line: int, relative: Path, runner: str):
        return fence_item(self, name, code, line, relative, runner)

    def collect(self):
        root = self.config.rootpath
        relative = self.path.relative_to(root)
        try:
            page = read_page(self.path, relative_name(self.path, root))
            units = units_of(page, root)
        except (PageError, UnitsError) as error:
            raise FenceError(relative, 1, str(error)) from error
        _engine(root)
        for unit in units:
            for number, block in enumerate(unit.blocks, start=1):
                line = block.line or -number  # notebook cells whose fence was not found
                _BLOCKS[(str(relative), line)] = (unit, block)
                yield self._item(block.id, block.code, line, relative, "BookExecutedBlock")
        if page.is_notebook:
            return
        for fence in page.fences:
            if fence.is_python and not fence.executed:
                code = fence.code(root)
                yield self._item("fence", code, fence.line, relative, "BookCompiledFence")


def pytest_collect_file(file_path: Path, parent):
    if parent.config.option.markdowndocs and file_path.suffix == ".md":
        return BookMarkdownFile.from_parent(parent, path=Path(file_path))
    return None


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if _ENGINE:
        terminalreporter.write_line(f"bookkit: {_ENGINE[0].summary()}")
