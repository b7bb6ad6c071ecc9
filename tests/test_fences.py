"""The fence parser shared by the build hook, the snippet tests and the post-build check."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookkit.fences import FenceError, extract_fences, parse_info, validate_executed_fences

PAGE = '''# 쪽

```python exec="on" session="s" id="top" source="block" result="text"
--8<-- "snippets/a.py"
```

=== "탭"

    ```python exec="on" session="s" id="in-tab"
    --8<-- "snippets/a.py:second"
    ```

!!! note "메모"

    ```python
    print("not executed")
    ```

````markdown
```python exec="on" id="inside-a-longer-fence"
```
````
'''


def test_fences_are_found_in_tabs_and_admonitions_with_lines_and_options():
    fences = extract_fences(PAGE, "docs/p.md")
    assert [(f.line, f.lang, f.id, f.executed) for f in fences] == [
        (3, "python", "top", True),
        (9, "python", "in-tab", True),
        (15, "python", None, False),
        (19, "markdown", None, False),
    ]
    assert fences[1].body == '--8<-- "snippets/a.py:second"'
    assert fences[0].options["source"] == "block" and fences[0].session == "s"


def test_snippet_sections_and_whole_files_expand(tmp_path: Path):
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "a.py").write_text(
        "x = 1\n# --8<-- [start:second]\nprint(x)\n# --8<-- [end:second]\n"
    )
    top, in_tab = extract_fences(PAGE, "docs/p.md")[:2]
    assert top.code(tmp_path) == "x = 1\nprint(x)\n"
    assert in_tab.code(tmp_path) == "print(x)\n"


def test_missing_section_and_missing_file_name_the_page_line(tmp_path: Path):
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "a.py").write_text("x = 1\n")
    in_tab = extract_fences(PAGE, "docs/p.md")[1]
    with pytest.raises(FenceError, match=r"docs/p.md:10: .*no section 'second'"):
        in_tab.code(tmp_path)
    problems = validate_executed_fences(extract_fences(PAGE, "docs/p.md"), tmp_path / "nowhere")
    assert "docs/p.md:4: included snippet file 'snippets/a.py' does not exist" in problems


def test_duplicate_ids_are_rejected(tmp_path: Path):
    text = '```python exec="on" id="a"\nprint(1)\n```\n\n```python exec="1" id="a"\nprint(2)\n```\n'
    problems = validate_executed_fences(extract_fences(text, "p.md"), tmp_path)
    assert any("id also used by the block at line 1" in p for p in problems)


def test_unclosed_fence_is_an_error():
    with pytest.raises(FenceError, match="p.md:2: code fence '```' is never closed"):
        extract_fences("x\n```python\nprint(1)\n", "p.md")


def test_info_string_parsing():
    assert parse_info('python exec="on" tabs="소스|결과" hl_lines="1 2"') == (
        "python",
        {"exec": "on", "tabs": "소스|결과", "hl_lines": "1 2"},
    )


def test_only_python_fences_may_be_executed(tmp_path: Path):
    text = '```pycon exec="on" id="repl"\n>>> 1 + 1\n```\n'
    problems = validate_executed_fences(extract_fences(text, "p.md"), tmp_path)
    assert problems == ["p.md:1 (block 'repl'): only python blocks are executed, not 'pycon'"]


def test_a_statement_hidden_on_only_some_lines_is_rejected(tmp_path: Path):
    # markdown-exec hides line by line: the first two lines would show on the page.
    (tmp_path / "s.py").write_text(
        "x = 1\nassert x == [  # noqa\n    1,\n]  # markdown-exec: hide\n"
        "assert x == 1  # markdown-exec: hide\n",
        encoding="utf-8",
    )
    page = '```python exec="on" id="b"\n--8<-- "s.py"\n```\n'
    fences = extract_fences(page, "docs/p.md")
    assert validate_executed_fences(fences, tmp_path) == [
        "docs/p.md:1 (block 'b'): lines 2-4 of its code are one statement, but only some end "
        "with '# markdown-exec: hide'; hide all of its lines or none"
    ]


def test_a_snippet_that_is_not_utf8_names_page_line_file_and_its_encoding(tmp_path: Path):
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "a.py").write_bytes("print('텐서')\n".encode("cp949"))
    [fence] = extract_fences('```python exec="on" id="a"\n--8<-- "snippets/a.py"\n```\n',
                             "docs/p.md")
    with pytest.raises(FenceError) as error:
        fence.code(tmp_path)
    message = str(error.value)
    assert message.startswith("docs/p.md:2: snippet file 'snippets/a.py' is not UTF-8")
    assert "CP949" in message and "iconv -f cp949 -t utf-8" in message


def test_each_code_line_knows_the_file_and_line_to_edit(tmp_path: Path):
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "a.py").write_text(
        "x = 0\n# --8<-- [start:part]\ny = 1\nz = y + 1\n# --8<-- [end:part]\n")
    [fence] = extract_fences('```python exec="on" id="a"\nfirst = 1\n--8<-- "snippets/a.py:part"\n'
                             '```\n', "docs/p.md")
    expected = [("docs/p.md:2", "first = 1"), ("snippets/a.py:3", "y = 1"),
                ("snippets/a.py:4", "z = y + 1")]
    assert fence.code_lines(tmp_path) == expected
    assert fence.code(tmp_path) == "first = 1\ny = 1\nz = y + 1\n"
