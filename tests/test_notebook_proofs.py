"""A notebook is run again when its code changes, and a failure is not remembered
(tests/notebook_runs.py)."""

from __future__ import annotations

import nbformat
from notebook_runs import run_unproven


def test_a_notebook_runs_again_when_its_code_changes_and_a_failure_is_not_remembered(tmp_path):
    proven, path = tmp_path / "proven", tmp_path / "page.ipynb"

    def write(code: str) -> None:
        nbformat.write(nbformat.v4.new_notebook(cells=[
            nbformat.v4.new_markdown_cell("# 쪽"), nbformat.v4.new_code_cell(code)]), path)

    write("print(1)")
    assert run_unproven([path], proven, tmp_path / "a") == ([path], [])
    assert run_unproven([path], proven, tmp_path / "b") == ([], [])
    write("print(2)")
    assert run_unproven([path], proven, tmp_path / "c") == ([path], [])
    write("raise ValueError('broken')")
    for scratch in ("d", "e"):
        ran, failures = run_unproven([path], proven, tmp_path / scratch)
        assert ran == [path] and "broken" in failures[0]
