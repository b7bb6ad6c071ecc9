"""The shape of pytest-markdown-docs that bookkit.pytest.markdown_docs relies on.

Part of that API is private (``_runners._Runner``): an upgrade may change it without notice.
Each test names what changed, so the adapter is the one place to fix.
"""

from __future__ import annotations

import dataclasses
import inspect

from pytest_markdown_docs.plugin import MarkdownInlinePythonItem, get_runner

from bookkit.pytest import markdown_docs as adapter

UPSTREAM = "pytest-markdown-docs changed; fix bookkit/pytest/markdown_docs.py: "


def test_a_runner_implements_runtest_and_repr_failure():
    assert set(getattr(adapter.Runner, "__abstractmethods__", ())) == {
        "runtest", "repr_failure"}, UPSTREAM + "the runner base class has other abstract methods"


def test_a_registered_runner_is_found_by_its_class_name():
    @adapter.register_runner()
    class BookContractRunner(adapter.Runner):
        def runtest(self, test, args, **kwargs):
            pass

        def repr_failure(self, test, excinfo, style=None):
            return ""

    assert isinstance(get_runner("BookContractRunner"), BookContractRunner), (
        UPSTREAM + "register_runner no longer registers a runner under its class name")


def test_a_fence_definition_takes_source_fixtures_line_path_and_runner():
    fields = [field.name for field in dataclasses.fields(adapter.FenceTestDefinition)]
    assert fields[:4] == ["source", "fixture_names", "start_line", "source_path"], (
        UPSTREAM + f"FenceTestDefinition's fields are now {fields}")
    assert "runner_name" in fields, UPSTREAM + "FenceTestDefinition has no runner_name"


def test_an_item_is_made_from_its_parent_with_a_test_definition():
    parameters = inspect.signature(MarkdownInlinePythonItem.__init__).parameters
    assert "test_definition" in parameters, (
        UPSTREAM + "MarkdownInlinePythonItem no longer takes test_definition")
