"""The strict build and the snippet tests fail, naming the page, on every kind of bad block."""

from __future__ import annotations

from conftest import assert_fault_reported, assert_invalid_reported

GOOD_PAGE = """\
# 페이지

```python exec="on" session="s" id="define" source="block" result="text"
--8<-- "snippets/define.py"
```

=== "탭 안"

    ```python exec="on" session="s" id="use" source="block" result="text"
    --8<-- "snippets/use.py"
    ```
"""


def write_good_book(book) -> None:
    book.page("index.md", GOOD_PAGE)
    book.snippet("define.py", "value = 21\nprint(value)\n")
    book.snippet("use.py", "print(value * 2)\nassert value * 2 == 42  # markdown-exec: hide\n")


def test_good_book_builds_and_its_snippets_pass(mini_book):
    write_good_book(mini_book)
    build = mini_book.build()
    assert build.returncode == 0, build.stderr
    html = (mini_book.root / "site" / "index.html").read_text()
    assert "42" in html and "markdown-exec: hide" not in html
    tests = mini_book.pytest()
    assert tests.returncode == 0, tests.stdout
    assert "2 passed" in tests.stdout


# The run-time faults are pages of one mini book, built and tested once (conftest.fault_book).
def test_raising_block_fails_build_and_tests_naming_page_and_block(fault_book):
    assert_fault_reported(fault_book, "raises")


def test_a_failing_line_is_named_in_the_file_to_edit(fault_book):
    """The build names the snippet file and its line, not only the page's fence."""
    _, build, _ = fault_book
    assert "the failing line is snippets/raises.py:1" in build.stderr
    assert "the failing line is snippets/use-renamed.py:1" in build.stderr


# Blocks invalid before anything runs are pages of another such book (conftest.invalid_book).
def test_missing_snippet_file_fails_naming_page_and_line(invalid_book):
    assert_invalid_reported(
        invalid_book, "docs/missing.md:4: included snippet file 'snippets/gone.py' does not exist")


def test_name_no_earlier_block_defined_fails(fault_book):
    """The block is in a tab, after a block of its session that defines another name."""
    assert_fault_reported(fault_book, "defined-later", line=9, block="use",
                          message="NameError: name 'renamed' is not defined")
    assert "PASSED docs/defined-later.md::define[line:3]" in fault_book[2].stdout


def test_sessions_do_not_leak_between_pages(fault_book):
    assert_fault_reported(fault_book, "other-page")


def test_block_that_prints_nothing_fails_post_build_check(mini_book):
    write_good_book(mini_book)
    mini_book.snippet("use.py", "doubled = value * 2\n")
    build = mini_book.build()
    assert build.returncode != 0
    assert "docs/index.md:9 (block 'use'): executed block rendered no output" in build.stderr


def test_block_whose_output_never_reaches_the_page_fails_the_build(mini_book):
    """Indented four spaces outside any tab, the fence is an indented code block: markdown-exec
    still renders its output, which Markdown then drops from the page."""
    write_good_book(mini_book)
    mini_book.page("lost.md", '# 쪽\n\n문단.\n\n    ```python exec="on" id="lost" '
                   'result="text"\n    --8<-- "snippets/define.py"\n    ```\n')
    build = mini_book.build()
    assert build.returncode != 0
    assert "docs/lost.md:5 (block 'lost'): executed block rendered no output" in build.stderr
    problems = [line for line in build.stderr.splitlines() if "rendered no output" in line]
    assert not [line for line in problems if "docs/index.md" in line]  # its blocks reached it


def test_executed_block_needs_an_id_and_only_snippet_includes(invalid_book):
    assert_invalid_reported(invalid_book, "docs/no-id.md:3: executed block has no id")
    assert_invalid_reported(
        invalid_book, "docs/no-id.md:4: executed block must only include snippet files")


def test_what_a_block_writes_or_warns_reaches_the_page(mini_book):
    """A declared warning is shown with the output, and the declaration leaves the source as
    it was (markdown-exec would write an unknown option into the source's fence)."""
    mini_book.page(
        "index.md",
        '# 쪽\n\n```python exec="on" id="noisy" warns="UserWarning" source="block" '
        'result="text"\n--8<-- "snippets/noisy.py"\n```\n',
    )
    mini_book.snippet(
        "noisy.py",
        "import sys, warnings\nsys.stdout.write('written\\n')\nwarnings.warn('careful')\n",
    )
    build = mini_book.build()
    assert build.returncode == 0, build.stderr
    html = (mini_book.root / "site" / "index.html").read_text()
    assert "written" in html and "UserWarning: careful" in html
    assert "warns=" not in html and '<span class="n">warnings</span>' in html


def test_python_fence_that_is_not_executed_is_compiled(mini_book):
    mini_book.page("index.md", "# 쪽\n\n```python\nprint(1\n```\n")
    tests = mini_book.pytest()
    assert tests.returncode != 0
    assert "docs/index.md:3: python fence does not compile" in tests.stdout


def test_rebuild_in_one_process_forgets_old_names_like_a_fresh_build(
    mini_book, monkeypatch, caplog
):
    """`mkdocs serve` rebuilds in one process: a renamed variable must fail there too."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort

    write_good_book(mini_book)
    monkeypatch.chdir(mini_book.root)
    build(load_config(str(mini_book.root / "mkdocs.yml")))
    mini_book.snippet("define.py", "renamed = 21\nprint(renamed)\n")
    try:
        build(load_config(str(mini_book.root / "mkdocs.yml")))
    except Abort:
        assert "(block 'use'): NameError: name 'value' is not defined" in caplog.text
    else:
        raise AssertionError("second build in the same process kept the old session globals")


def test_collecting_never_imports_python_files(mini_book):
    """pytest-markdown-docs imports every .py it finds; a lab must not run at collection."""
    write_good_book(mini_book)
    marker = mini_book.root / "lab-ran"
    (mini_book.root / "docs" / "lab.py").write_text(
        f'"""```python\nprint(1)\n```"""\nopen({str(marker)!r}, "w").close()\n'
    )
    tests = mini_book.pytest()
    assert tests.returncode == 0, tests.stdout
    assert not marker.exists(), "collecting the snippet tests ran docs/lab.py"


def test_a_hanging_block_fails_with_a_timeout_naming_it(fault_book):
    assert_fault_reported(fault_book, "hangs")
