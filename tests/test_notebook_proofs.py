"""A notebook is run again when its code changes, and a failure is not remembered
(tests/notebook_runs.py); the proofs of older code are pruned (tests/proven.py)."""

from __future__ import annotations

import os

import nbformat
from notebook_runs import run_unproven
from proven import proof_name, prune_files


def test_a_notebook_runs_again_when_its_code_changes_and_a_failure_is_not_remembered(tmp_path):
    proven, path = tmp_path / "proven", tmp_path / "page.ipynb"

    def write(code: str) -> None:
        nbformat.write(nbformat.v4.new_notebook(cells=[
            nbformat.v4.new_markdown_cell("# 쪽"), nbformat.v4.new_code_cell(code)]), path)

    write("print(1)")
    assert run_unproven([path], proven, tmp_path / "a") == ([path], [])
    [first] = proven.iterdir()
    os.utime(first, (1_000_000, 1_000_000))
    assert run_unproven([path], proven, tmp_path / "b") == ([], [])
    assert first.stat().st_mtime > 1_000_000  # used, so touched: kept as a recent proof
    write("print(2)")
    assert run_unproven([path], proven, tmp_path / "c") == ([path], [])
    write("raise ValueError('broken')")
    for scratch in ("d", "e"):
        ran, failures = run_unproven([path], proven, tmp_path / scratch)
        assert ran == [path] and "broken" in failures[0]


def test_only_the_newest_proofs_of_each_notebook_are_kept(tmp_path):
    for age, (notebook, key) in enumerate([("a", 1), ("b", 2), ("a", 3), ("a", 4), ("b", 5)]):
        proof = tmp_path / f"{key:064x}"
        proof.write_text(f"{notebook}.ipynb\n", encoding="utf-8")
        os.utime(proof, (1_000_000 - age, 1_000_000 - age))  # the first written is the newest
    prune_files(tmp_path, keep=2, group=proof_name)  # as tests/proven.py's prune_all does
    assert sorted(int(path.name, 16) for path in tmp_path.iterdir()) == [1, 2, 3, 5]
