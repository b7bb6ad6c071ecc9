"""The execution store: what it reuses, what it runs again, and that nothing goes stale."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import book_env

from bookkit.exec.engine import Engine
from bookkit.exec.units import page_units

SUMMARY = re.compile(r"bookkit: (\d+) units executed, (\d+) reused")

SESSION_PAGE = """\
# 합

앞 블록이 정한 값을 뒤 블록이 씁니다.

```python exec="on" session="s" id="first" result="text"
--8<-- "snippets/first.py"
```

```python exec="on" session="s" id="second" result="text"
--8<-- "snippets/second.py"
```
"""


def counts(result: subprocess.CompletedProcess) -> tuple[int, int]:
    match = SUMMARY.search(result.stderr + result.stdout)
    assert match, result.stderr[-3000:]
    return int(match[1]), int(match[2])


def pages(site: Path) -> dict[str, str]:
    return {p.relative_to(site).as_posix(): p.read_text() for p in sorted(site.rglob("*.html"))}


def build(book) -> subprocess.CompletedProcess:
    result = book.build()
    assert result.returncode == 0, result.stderr[-3000:]
    return result


def write_session_book(book) -> None:
    book.page("index.md", SESSION_PAGE)
    book.page("other.md", '# 다른 쪽\n\n```python exec="on" id="alone" result="text"\n'
                          '--8<-- "snippets/alone.py"\n```\n')
    book.snippet("first.py", "base = 10\nprint('base', base)\n")
    book.snippet("second.py", "import helper\nprint('total', base + helper.VALUE)\n")
    book.snippet("alone.py", "print('alone')\n")
    (book.root / "helper.py").write_text("VALUE = 1\n")


def test_no_edit_leaves_a_stale_output_and_reverting_restores_the_cold_build(mini_book):
    write_session_book(mini_book)
    site = mini_book.root / "site"
    assert counts(build(mini_book)) == (2, 0)
    cold = pages(site)
    assert "total 11" in cold["index.html"]

    edits = [  # (file, new text, what the page must show, units executed)
        ("snippets/second.py", "import helper\nprint('sum', base + helper.VALUE)\n", "sum 11"),
        ("helper.py", "VALUE = 5\n", "total 15"),  # a module the page imports
        ("snippets/first.py", "base = 20\nprint('base', base)\n", "total 21"),  # earlier block
    ]
    for name, text, shown in edits:
        path = mini_book.root / name
        original = path.read_text()
        path.write_text(text)
        assert counts(build(mini_book)) == (1, 1), name
        assert shown in (site / "index.html").read_text(), name
        path.write_text(original)
        build(mini_book)
        assert pages(site) == cold, f"after reverting {name}"


def test_a_prose_edit_executes_nothing(mini_book):
    write_session_book(mini_book)
    build(mini_book)
    page = mini_book.root / "docs" / "index.md"
    prose = page.read_text().replace("앞 블록이", "맨 앞 블록이\n\n새 문단입니다. 앞 블록이")
    page.write_text(prose)
    result = build(mini_book)
    assert counts(result) == (0, 2)
    assert "새 문단입니다" in (mini_book.root / "site" / "index.html").read_text()


def test_a_page_reruns_when_a_file_it_looked_for_appears(mini_book):
    mini_book.page("index.md", '# 쪽\n\n```python exec="on" id="look" result="text"\n'
                               '--8<-- "snippets/look.py"\n```\n')
    mini_book.snippet("look.py", textwrap.dedent("""\
        try:
            with open("data/extra.txt") as extra:
                print(extra.read())
        except FileNotFoundError:
            print("no extra data yet")
    """))
    build(mini_book)
    html = mini_book.root / "site" / "index.html"
    assert "no extra data yet" in html.read_text()
    (mini_book.root / "data").mkdir()
    (mini_book.root / "data" / "extra.txt").write_text("arrived\n")
    assert counts(build(mini_book)) == (1, 0)
    assert "arrived" in html.read_text()


def test_build_and_snippet_tests_share_the_store(mini_book):
    write_session_book(mini_book)
    build(mini_book)
    tests = mini_book.pytest()
    assert tests.returncode == 0, tests.stdout[-3000:]
    assert "3 passed" in tests.stdout
    assert "bookkit: 0 units executed, 2 reused" in tests.stdout


def test_once_stored_outputs_are_required_a_fence_fails_instead_of_executing(mini_book):
    """As the book's fences do after the run's book build (tests/real_book.py)."""
    mini_book.one_block_page("p", "print('ran')\n")
    (mini_book.root / "conftest.py").write_text(
        "from bookkit.pytest.plugin import require_stored\n\n\n"
        "def pytest_configure(config):\n    require_stored()\n")
    tests = mini_book.pytest()
    assert tests.returncode != 0
    assert "FAILED docs/p.md::p[line:3]" in tests.stdout, tests.stdout[-3000:]
    assert "no stored outputs for" in tests.stdout
    assert "bookkit: 0 units executed, 0 reused" in tests.stdout


def test_two_shards_and_a_merge_give_the_cold_build(mini_book, tmp_path_factory):
    write_session_book(mini_book)
    for name in ("a", "b", "c"):
        mini_book.page(f"{name}.md", f'# {name}\n\n```python exec="on" id="{name}" '
                                     f'result="text"\n--8<-- "snippets/{name}.py"\n```\n')
        mini_book.snippet(f"{name}.py", f"print('page {name}')\n")
    stores = tmp_path_factory.mktemp("stores")
    engine = [sys.executable, "-m", "bookkit.exec.engine"]
    for shard in (1, 2):
        env = book_env(**mini_book.env, BOOK_STORE=str(stores / f"shard{shard}"))
        run = subprocess.run([*engine, "execute", "--shard", f"{shard}/2"], cwd=mini_book.root,
                             env=env, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr
    merged = stores / "merged"
    env = book_env(**mini_book.env, BOOK_STORE=str(merged))
    run = subprocess.run([*engine, "merge", str(stores / "shard1"), str(stores / "shard2")],
                         cwd=mini_book.root, env=env, capture_output=True, text=True)
    assert "merged 5 entries" in run.stdout, run.stdout + run.stderr

    mini_book.env.update(BOOK_STORE=str(merged), BOOK_REQUIRE_STORED="1")
    assert counts(build(mini_book)) == (0, 5)
    sharded = pages(mini_book.root / "site")
    mini_book.env.update(BOOK_STORE=str(stores / "cold"), BOOK_REQUIRE_STORED="")
    assert counts(build(mini_book)) == (5, 0)
    assert pages(mini_book.root / "site") == sharded


def test_a_build_that_must_not_execute_fails_on_a_missing_unit(mini_book):
    write_session_book(mini_book)
    mini_book.env["BOOK_REQUIRE_STORED"] = "1"
    result = mini_book.build()
    assert result.returncode != 0
    assert "BOOK_REQUIRE_STORED: no stored outputs for docs/index.md:s" in result.stderr


def test_a_build_never_imports_torch_whether_it_executes_or_reuses(mini_book):
    """Units import torch in their workers; the build process never does, neither when it
    executes a unit (its machine record comes back as plain data) nor when it reuses one."""
    mini_book.page("index.md", '# 쪽\n\n```python exec="on" id="t" result="text"\n'
                               '--8<-- "snippets/t.py"\n```\n')
    mini_book.snippet("t.py", "import torch\nprint(torch.ones(2).sum())\n")
    script = ("import logging, sys\nfrom mkdocs.commands.build import build\n"
              "logging.basicConfig(level=logging.INFO)\n"
              "from mkdocs.config import load_config\nbuild(load_config('mkdocs.yml'))\n"
              "print('torch imported:', 'torch' in sys.modules)\n")
    for summary in ("1 units executed, 0 reused", "0 units executed, 1 reused"):
        result = subprocess.run([sys.executable, "-c", script], cwd=mini_book.root,
                                env=book_env(**mini_book.env), capture_output=True, text=True)
        assert f"bookkit: {summary}" in result.stderr, result.stderr[-3000:]
        assert "torch imported: False" in result.stdout, summary


def test_keys_ignore_line_numbers_but_not_code_or_options(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "a.py").write_text("print(1)\n")
    page = tmp_path / "docs" / "p.md"
    fence = '```python exec="on" session="s" id="a" result="text"\n--8<-- "snippets/a.py"\n```\n'

    def key(text: str) -> str:
        page.write_text(text)
        [unit] = page_units(page, tmp_path)
        return unit.key({"env": 1})

    base = key(f"# p\n\n{fence}")
    assert key(f"# p\n\n길고 새로운 문단.\n\n{fence}") == base
    with_source = fence.replace("result=", 'source="block" result=')
    assert key(f"# p\n\n{with_source}") != base
    (tmp_path / "snippets" / "a.py").write_text("print(2)\n")
    assert key(f"# p\n\n{fence}") != base


@pytest.mark.e2e  # starts a process
def test_a_notebook_unit_runs_again_when_a_module_it_imports_changes(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "helper.py").write_text("VALUE = 1\n")
    page = tmp_path / "docs" / "nb.md"
    page.write_text(textwrap.dedent("""\
        ---
        jupyter:
          kernelspec:
            display_name: Python 3
            language: python
            name: python3
        ---

        # 노트북

        ```python
        import helper
        print("value", helper.VALUE)
        ```
    """))
    store = tmp_path / "store"
    [unit] = page_units(page, tmp_path)
    first = Engine(tmp_path, store_dir=store).run([unit])[unit.name]
    assert first.failure is None and "value 1" in first.outputs["cell-1"][0]["text"]
    again = Engine(tmp_path, store_dir=store)
    assert again.run([unit])[unit.name].reused and again.executed == 0
    (tmp_path / "helper.py").write_text("VALUE = 2\n")
    changed = Engine(tmp_path, store_dir=store)
    outcome = changed.run([unit])[unit.name]
    assert changed.executed == 1 and "value 2" in outcome.outputs["cell-1"][0]["text"]
