"""Output review: a change reports exactly the printed outputs it alters."""

from __future__ import annotations

import subprocess

import pytest

from bookkit.tools.review import compare, render, review_revision

PAGE = """\
---
measurements: [clock]
---

# 쪽

```python exec="on" session="s" id="first" result="text"
--8<-- "snippets/first.py"
```

```python exec="on" session="s" id="uses-helper" result="text"
--8<-- "snippets/uses_helper.py"
```

```python exec="on" id="clock" result="text"
--8<-- "snippets/clock.py"
```
"""


def entry(block: str, text: str, volatile: bool = False) -> dict:
    return {"page": "docs/p.md", "block": block, "unit": "u", "key": "k",
            "sha256": str(hash(text)), "text": text, "volatile": volatile}


def manifest(*blocks: dict, recordings: tuple = ()) -> dict:
    return {"schema": 1, "blocks": list(blocks), "recordings": list(recordings)}


def test_compare_sorts_changes_and_summarises_measurements():
    base = manifest(entry("a", "1\n"), entry("b", "2\n"), entry("t", "0.1 s\n", True),
                    recordings=({"snippet": "snippets/x.py", "device": "cuda", "sha256": "1",
                                 "text": "old\n", "volatile": False},))
    head = manifest(entry("a", "1\n"), entry("c", "3\n"), entry("t", "0.2 s\n", True),
                    recordings=({"snippet": "snippets/x.py", "device": "cuda", "sha256": "2",
                                 "text": "new\n", "volatile": False},))
    review = compare(base, head)
    assert [after["snippet"] for _, after in review.changed] == ["snippets/x.py"]
    assert [e["block"] for e in review.added] == ["c"]
    assert [e["block"] for e in review.removed] == ["b"]
    assert review.volatile == ["docs/p.md (block 't')"]
    report = render(review, "main", "working tree")
    assert report.startswith("## Output review: main → working tree")
    assert "### snippets/x.py (recorded on cuda)" in report and "-old\n+new" in report
    assert "Measurements that changed (not diffed): docs/p.md (block 't')." in report
    assert "0.2 s" not in report
    assert "### Added\n\n- docs/p.md (block 'c')" in report


def test_long_diffs_are_truncated_and_no_change_is_one_line():
    before = "".join(f"{i}\n" for i in range(200))
    review = compare(manifest(entry("a", before)), manifest(entry("a", before.replace("1", "9"))))
    report = render(review, "main", "head")
    assert "more diff lines not shown" in report and report.count("\n") < 60
    quiet = render(compare(manifest(entry("a", "1\n")), manifest(entry("a", "1\n"))), "m", "h")
    assert quiet == "Output review m → h: no printed output changed.\n"


@pytest.fixture
def book_repo(mini_book, monkeypatch):
    monkeypatch.setenv("BOOK_PRELOAD", "")
    mini_book.page("p.md", PAGE)
    mini_book.page("other.md", '# 다른 쪽\n\n```python exec="on" id="plain" result="text"\n'
                               '--8<-- "snippets/plain.py"\n```\n')
    mini_book.snippet("first.py", "base = 10\nprint('base', base)\n")
    mini_book.snippet("uses_helper.py", "import helper\nprint('helper says', helper.WORD)\n")
    mini_book.snippet("clock.py", "import time\nprint('took', time.perf_counter_ns(), 'ns')\n")
    mini_book.snippet("plain.py", "print('plain')\n")
    (mini_book.root / "helper.py").write_text("WORD = 'hello'\n")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t"]
    for command in (["init", "-q", "-b", "main"], ["add", "."], ["commit", "-qm", "base"]):
        subprocess.run([*git, *command], cwd=mini_book.root, check=True)
    monkeypatch.chdir(mini_book.root)
    return mini_book


def test_editing_one_snippet_reports_that_block_and_no_other(book_repo):
    book_repo.snippet("plain.py", "print('plain, edited')\n")
    review, _ = review_revision(book_repo.root, "main")
    assert [(a["page"], a["block"]) for _, a in review.changed] == [("docs/other.md", "plain")]
    assert not review.added and not review.removed and not review.volatile


def test_a_changed_measurement_is_summarised_not_diffed(book_repo):
    book_repo.snippet("clock.py", "import time\nprint('elapsed', time.perf_counter_ns())\n")
    review, _ = review_revision(book_repo.root, "main")
    assert review.changed == [] and review.volatile == ["docs/p.md (block 'clock')"]
    assert "elapsed" not in render(review, "main", "tree")


def test_editing_an_imported_module_reports_the_blocks_that_use_it(book_repo):
    (book_repo.root / "helper.py").write_text("WORD = 'bonjour'\n")
    review, _ = review_revision(book_repo.root, "main")
    assert [a["block"] for _, a in review.changed] == ["uses-helper"]
    assert "-helper says hello\n+helper says bonjour" in render(review, "main", "tree")


def test_a_prose_edit_reports_no_output_change(book_repo):
    page = book_repo.root / "docs" / "other.md"
    page.write_text(page.read_text().replace("# 다른 쪽", "# 다른 쪽\n\n글 한 문단을 더했습니다."))
    review, _ = review_revision(book_repo.root, "main")
    assert review.changed == [] and review.added == [] and review.removed == []
    assert review.volatile == []  # no unit ran again, so not even the clock moved
    assert render(review, "main", "tree").endswith("no printed output changed.\n")
