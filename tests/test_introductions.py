"""Introduction order: the book uses no torch name before the page that explains it.

The real book is checked once; the check itself is proven on a two-page mini book in which each
kind of fault is planted and must be reported.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bookkit.mkdocs.introductions import check, used_names

ROOT = Path(__file__).resolve().parent.parent


def test_the_book_uses_no_torch_name_before_it_is_introduced():
    problems = check(ROOT)
    assert not problems, "\n".join(problems)


# The check on small code and a mini book: it must find what it is for and nothing else.


def test_imports_and_sessions_are_followed():
    code = (
        "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n"
        "from torch.func import grad\n"
        "y = F.relu(torch.zeros(2)) + nn.Linear(2, 2).weight.sum()\n"
        "g = grad(torch.sin)\nx = torch.nn.utils.clip_grad_norm_\n"
        "z = y.view(2)  # a method: its receiver's type is unknown\n"
    )
    names = {name for _, name in used_names(code)}
    assert names == {
        "torch.nn.functional.relu",
        "torch.zeros",
        "torch.nn.Linear",
        "torch.func.grad",
        "torch.sin",
        "torch.nn.utils.clip_grad_norm_",
    }
    aliases: dict[str, str] = {}
    used_names("import torch.nn as nn\n", aliases)
    assert used_names("m = nn.ReLU()\n", aliases) == [(1, "torch.nn.ReLU")]


def write_book(root: Path, first_page: str, second_page: str) -> None:
    (root / "docs").mkdir()
    (root / "snippets").mkdir()
    (root / "mkdocs.yml").write_text(
        "site_name: t\nmarkdown_extensions:\n  - toc:\n      slugify: "
        "!!python/object/apply:pymdownx.slugs.slugify\n        kwds:\n          case: lower\n"
        "nav:\n  - 하나: one.md\n  - 묶음:\n      - two.md\n",
        encoding="utf-8",
    )
    (root / "snippets" / "use.py").write_text(
        "import torch\n\nprint(torch.zeros(2))\nassert torch.equal(torch.ones(1), torch.ones(1))"
        "  # markdown-exec: hide\n",
        encoding="utf-8",
    )
    (root / "docs" / "one.md").write_text(first_page, encoding="utf-8")
    (root / "docs" / "two.md").write_text(second_page, encoding="utf-8")


USES = '```python exec="on" id="use" result="text"\n--8<-- "snippets/use.py"\n```\n'
INTRODUCES = "---\nintroduces: [torch.zeros, torch.ones]\n---\n# 쪽\n\n`torch.zeros`와 `ones`.\n"


def test_a_correct_mini_book_passes(tmp_path):
    write_book(tmp_path, INTRODUCES, "# 둘\n\n" + USES)
    assert check(tmp_path) == []


def test_a_use_before_the_introducing_page_is_reported(tmp_path):
    write_book(tmp_path, "# 하나\n\n" + USES, INTRODUCES)
    problems = check(tmp_path)
    assert problems == [
        "docs/one.md:3 (block 'use'), line 3 of its code: uses torch.zeros before "
        "docs/two.md introduces it"
    ]


def test_a_name_introduced_nowhere_is_reported(tmp_path):
    write_book(tmp_path, "# 하나\n", "# 둘\n\n" + USES)
    (problem,) = check(tmp_path)
    assert "uses torch.zeros, which no page introduces" in problem


def test_hidden_lines_are_not_uses(tmp_path):
    # torch.equal appears only in a hidden assert: the reader never meets it there.
    write_book(tmp_path, "---\nintroduces: [torch.zeros]\n---\n`zeros`\n", USES)
    assert check(tmp_path) == []


@pytest.mark.parametrize(
    ("second_front_matter", "expected"),
    [
        ("introduces: [torch.zeros]", "introduces torch.zeros, already introduced by docs/one.md"),
        ("introduces: [nn.Linear]", "introduces torch.nn.Linear but its prose never names it"),
        ("introduces: [numpy.zeros]", "introduces 'numpy.zeros': not a torch name"),
    ],
)
def test_declarations_must_be_unique_named_and_torch(tmp_path, second_front_matter, expected):
    write_book(tmp_path, INTRODUCES, f"---\n{second_front_matter}\n---\n# 둘\n")
    assert any(expected in problem for problem in _problems(tmp_path)), _problems(tmp_path)


def _problems(root: Path) -> list[str]:
    try:
        return check(root)
    except ValueError as error:  # a malformed declaration stops the check with file:line
        return [str(error)]
