"""Output review: a change reports exactly the printed outputs it alters."""

from __future__ import annotations

import pickle
import subprocess
from pathlib import Path

import pytest
from conftest import MiniBook, made_once

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


PROSE_PAGE = """\
---
measurements: [now]
---

# 글만 고치는 쪽

```python exec="on" id="now" result="text"
--8<-- "snippets/now.py"
```
"""


@pytest.fixture(scope="module")
def reviewed_edits(tmp_path_factory, worker_id):
    """One working tree against ``main`` with one edit of each kind, reviewed once per run: a
    snippet (other.md), a measurement (p.md's clock), a module a block imports (helper.py) and
    prose (prose.md, whose own measurement would change if its unit ran again)."""

    def make(folder: Path) -> None:
        (folder / "book").mkdir()
        book = MiniBook(folder / "book")
        book.page("p.md", PAGE)
        book.page("other.md", '# 다른 쪽\n\n```python exec="on" id="plain" result="text"\n'
                              '--8<-- "snippets/plain.py"\n```\n')
        book.page("prose.md", PROSE_PAGE)
        book.snippet("first.py", "base = 10\nprint('base', base)\n")
        book.snippet("uses_helper.py", "import helper\nprint('helper says', helper.WORD)\n")
        book.snippet("clock.py", "import time\nprint('took', time.perf_counter_ns(), 'ns')\n")
        book.snippet("plain.py", "print('plain')\n")
        book.snippet("now.py", "import time\nprint('now', time.perf_counter_ns())\n")
        (book.root / "helper.py").write_text("WORD = 'hello'\n")
        git = ["git", "-c", "user.name=t", "-c", "user.email=t@t"]
        for command in (["init", "-q", "-b", "main"], ["add", "."], ["commit", "-qm", "base"]):
            subprocess.run([*git, *command], cwd=book.root, check=True)

        book.snippet("plain.py", "print('plain, edited')\n")
        book.snippet("clock.py", "import time\nprint('elapsed', time.perf_counter_ns())\n")
        (book.root / "helper.py").write_text("WORD = 'bonjour'\n")
        page = book.root / "docs" / "prose.md"
        page.write_text(page.read_text().replace("쪽\n", "쪽\n\n한 문단을 더했습니다.\n", 1))
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("BOOK_PRELOAD", "")
            patch.chdir(book.root)
            review, _ = review_revision(book.root, "main")
        (folder / "review.pickle").write_bytes(pickle.dumps(review))

    folder = made_once(tmp_path_factory, worker_id, "review", make)
    return pickle.loads((folder / "review.pickle").read_bytes())


def changed_blocks(review) -> list[tuple[str, str]]:
    return sorted((after["page"], after["block"]) for _, after in review.changed)


def test_editing_one_snippet_reports_that_block_and_no_other(reviewed_edits):
    review = reviewed_edits
    assert ("docs/other.md", "plain") in changed_blocks(review)
    assert changed_blocks(review) == [("docs/other.md", "plain"), ("docs/p.md", "uses-helper")]
    assert not review.added and not review.removed


def test_a_changed_measurement_is_summarised_not_diffed(reviewed_edits):
    review = reviewed_edits
    assert "docs/p.md (block 'clock')" in review.volatile
    assert ("docs/p.md", "clock") not in changed_blocks(review)
    assert "elapsed" not in render(review, "main", "tree")


def test_editing_an_imported_module_reports_the_blocks_that_use_it(reviewed_edits):
    review = reviewed_edits
    assert ("docs/p.md", "uses-helper") in changed_blocks(review)
    assert ("docs/p.md", "first") not in changed_blocks(review)
    assert "-helper says hello\n+helper says bonjour" in render(review, "main", "tree")


def test_a_prose_edit_reports_no_output_change(reviewed_edits):
    review = reviewed_edits
    assert [block for page, block in changed_blocks(review) if page == "docs/prose.md"] == []
    # its unit did not run again, so not even its measurement moved
    assert review.volatile == ["docs/p.md (block 'clock')"]
