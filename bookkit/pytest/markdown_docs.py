"""The one adapter to pytest-markdown-docs' runner API, part of which is private.

Custom runners are registered through ``pytest_markdown_docs._runners``, as its README's
"Custom runners" section shows (modal-labs/pytest-markdown-docs, README.md): the base class
``_Runner`` is private, so no other module imports it. ``tests/test_structure.py`` keeps every
other private import out of bookkit, and ``tests/test_markdown_docs_contract.py`` fails with a
clear message when the upstream shape this module relies on changes.
"""

from __future__ import annotations

from pathlib import Path

from pytest_markdown_docs._runners import _Runner as Runner
from pytest_markdown_docs._runners import register_runner
from pytest_markdown_docs.definitions import FenceTestDefinition
from pytest_markdown_docs.plugin import (  # noqa: F401  (the wrapped plugin's hooks)
    MarkdownInlinePythonItem,
    pytest_addhooks,
    pytest_addoption,
    pytest_configure,
)

__all__ = ["FenceTestDefinition", "Runner", "fence_item", "register_runner"]
HOOKS = (pytest_addhooks, pytest_addoption, pytest_configure)


def fence_item(parent, name: str, code: str, line: int, relative: Path, runner: str):
    """A pytest item for one fence, run by the registered runner named ``runner``."""
    definition = FenceTestDefinition(code, (), line, relative, runner_name=runner)
    return MarkdownInlinePythonItem.from_parent(
        parent, name=f"{name}[line:{line}]", test_definition=definition
    )
