"""What a torch release changes (bookkit/tools/drift.py), and warnings as content.

The report compares two runs of the book block by block; here the runs are planted: a changed
output, a hidden assert that fails, a new deprecation warning, a log line, and the changes a
release makes by itself (its version, addresses, line numbers in warning locations), which the
report sets aside. A block that prints a warning or log line its fence does not declare fails.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_containment import job

from bookkit.exec.jobs import BlockSource, Job
from bookkit.exec.runner import run_jobs
from bookkit.tools import drift

PAGE = """\
# 쪽

이 블록은 기울기가 1이라고 말합니다.

```python exec="on" id="grad" result="text"
--8<-- "snippets/grad.py"
```

그래서 합은 1입니다.
"""


def run(torch: str, **blocks: dict) -> dict:
    return {"torch": torch, "summary": "", "blocks": {
        f"docs/p.md#{name}": {"page": "docs/p.md", "block": name, "line": 5, **entry}
        for name, entry in blocks.items()}}


def test_the_report_names_each_planted_change_and_sets_aside_what_a_release_changes(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "p.md").write_text(PAGE, encoding="utf-8")
    base = run("2.13.0+cpu",
               grad={"text": "기울기 1.0\n"},
               same={"text": "torch 2.13.0+cpu at 0x7f00aa11 (Triggered internally at "
                             "x/python_anomaly_mode.cpp:122.)\n"},
               warned={"text": "값 3\n"},
               logged={"text": "값 4\n"},
               changed={"text": "결과 [1, 2]\n"},
               clock={"text": "0.12 s\n"},
               mended={"failure": {"type": "AssertionError", "message": "", "traceback": ""}})
    head = run("2.15.0+cu132",
               grad={"failure": {"type": "AssertionError", "message": "", "traceback": "t"}},
               same={"text": "torch 2.15.0+cu132 at 0x7f99bb22 (Triggered internally at "
                             "x/python_anomaly_mode.cpp:108.)\n"},
               warned={"text": "DeprecationWarning: old is deprecated\n값 3\n"},
               logged={"text": "W1202 18:32:28.175000 13927 a/cpp_extension.py:183] No CUDA\n"
                               "값 4\n"},
               changed={"text": "결과 [1, 3]\n"},
               clock={"text": "0.57 s\n"},
               mended={"text": "ok\n"})
    drifts = {d.block: d for d in drift.compare(tmp_path, base, head, {"docs/p.md": {"clock"}})}
    assert sorted(drifts) == ["changed", "grad", "logged", "mended", "warned"]  # not same, clock
    assert drifts["mended"].fixed["type"] == "AssertionError" and not drifts["mended"].failed
    assert drift.normalized("torch 2.15.0+cu132", {"2.15.0"}) == "torch <torch>"
    assert drifts["grad"].failed["type"] == "AssertionError"
    assert "기울기가 1이라고" in drifts["grad"].prose and "합은 1입니다" in drifts["grad"].prose
    assert drifts["warned"].warnings_added == ["DeprecationWarning: old is deprecated"]
    assert drifts["logged"].warnings_added[0].endswith("cpp_extension.py:…] No CUDA")
    assert "+결과 [1, 3]" in drifts["changed"].diff
    text = drift.render(list(drifts.values()), base, head)
    assert "1 block(s) fail, 5 block(s) differ." in text
    assert "Fails on the baseline (`AssertionError`), runs on this release." in text
    assert text.index("docs/p.md:5 (block 'grad')") < text.index("(block 'changed')")


@pytest.mark.e2e  # starts a process
def test_a_run_records_each_blocks_output_or_failure(tmp_path, monkeypatch):
    monkeypatch.setenv("BOOK_PRELOAD", "")
    monkeypatch.setenv("BOOK_STORE", str(tmp_path / "store"))
    (tmp_path / "docs").mkdir()
    (tmp_path / "snippets").mkdir()
    (tmp_path / "docs" / "p.md").write_text(
        '# 쪽\n\n```python exec="on" session="s" id="a" result="text"\n--8<-- "snippets/a.py"\n'
        '```\n\n```python exec="on" session="s" id="b" result="text"\n--8<-- "snippets/b.py"\n'
        '```\n\n```python exec="on" session="s" id="c" result="text"\n--8<-- "snippets/c.py"\n'
        '```\n', encoding="utf-8")
    (tmp_path / "snippets" / "a.py").write_text("print('a')\n")
    (tmp_path / "snippets" / "b.py").write_text("assert 1 == 2, 'the claim broke'\n")
    (tmp_path / "snippets" / "c.py").write_text("print('c')\n")
    out = tmp_path / "run.json"
    drift.run_book(tmp_path, out)
    blocks = json.loads(out.read_text(encoding="utf-8"))["blocks"]
    assert blocks["docs/p.md#a"]["text"] == "a\n"
    assert blocks["docs/p.md#b"]["failure"]["message"] == "the claim broke"
    assert "skipped" in blocks["docs/p.md#c"]


def warned(tmp_path: Path, code: str, declared: str = "") -> object:
    options = {"warns": declared} if declared else {}
    blocks = (BlockSource("w", code, "docs/p.md (block 'w')", options),)
    [result] = run_jobs([Job("blocks", str(tmp_path), "warn_test", blocks)], parallel=1)
    return result


@pytest.mark.e2e  # starts a process
def test_an_undeclared_warning_or_log_line_fails_its_block(tmp_path):
    deprecation = "import warnings\nwarnings.warn('old', DeprecationWarning)\nprint('ok')\n"
    result = warned(tmp_path, deprecation)
    assert result.failure is not None and result.failure.type == "UndeclaredWarning"
    assert 'warns="DeprecationWarning"' in result.failure.message
    assert warned(tmp_path, deprecation, "DeprecationWarning").failure is None
    assert warned(tmp_path, deprecation, "UserWarning").failure is not None
    log = "import sys\nprint('W1202 18:32:28.175000 13927 a/b.py:183] noise', file=sys.stderr)\n"
    assert warned(tmp_path, log).failure.type == "UndeclaredWarning"
    assert warned(tmp_path, log, "log").failure is None


@pytest.mark.e2e  # starts a process
def test_the_standard_librarys_library_lookup_is_not_a_process_of_the_unit(tmp_path):
    [result] = run_jobs([job(tmp_path, "import ctypes.util\nprint(bool(ctypes.util."
                             "find_library('c')))\n")], parallel=1)
    assert result.failure is None, result.failure
    assert "$untracked" not in result.inputs
