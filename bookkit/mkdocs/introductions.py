"""Introduction order: no page's code uses a torch name before the page that explains it.

Each page may declare in its front matter the torch names it explains::

    introduces: [torch.zeros, nn.Linear, F.cross_entropy, optim.SGD]

(``nn.``, ``F.`` and ``optim.`` abbreviate ``torch.nn.``, ``torch.nn.functional.`` and
``torch.optim.``). The code a page runs (its executed fences with their includes expanded, or
every python cell of a notebook page) is read with :mod:`ast`, following the imports
(``import torch.nn as nn``, ``from torch.func import grad``), and every ``torch.…`` name it uses
must be introduced by that page or by one before it in the nav. A name is introduced once, and
the page that introduces it names it in its prose (in a code span), so the declaration cannot
stand in for the explanation.

Method calls on tensors (``x.view``) are not seen: their receiver's type is unknown before
running. Only module-level names are, which is what the learner must meet first.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from bookkit.fences import HIDE, FenceError
from bookkit.page_source import Page, read_page

ABBREVIATIONS = {"nn.": "torch.nn.", "F.": "torch.nn.functional.", "optim.": "torch.optim."}
_CODE_SPAN = re.compile(r"(`+)(.+?)\1")
_FENCE_OPEN = re.compile(r"^[ \t]*(`{3,}|~{3,})")


@dataclass(frozen=True)
class Use:
    name: str  # full dotted name, e.g. torch.nn.Linear
    label: str  # where: docs/page.md:12 (block 'x'), line 3 of its code


class _Loader(yaml.SafeLoader):
    """Reads mkdocs.yml, whose ``!!python/...`` tags are irrelevant to the nav."""


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def nav_pages(mkdocs_yml: Path) -> list[str]:
    """The nav's pages in reading order, as paths relative to docs/."""
    config = yaml.load(mkdocs_yml.read_text(encoding="utf-8"), Loader=_Loader)
    pages: list[str] = []

    def walk(item) -> None:
        if isinstance(item, str):
            pages.append(item)
        elif isinstance(item, list):
            for child in item:
                walk(child)
        elif isinstance(item, dict):
            for child in item.values():
                walk(child)

    walk(config.get("nav", []))
    return [page for page in pages if page.endswith((".md", ".ipynb"))]


def expand(name: str) -> str:
    for short, full in ABBREVIATIONS.items():
        if name.startswith(short):
            return full + name[len(short) :]
    return name


def declared(page: Page) -> list[str]:
    """The expanded names of the page's ``introduces:`` list; a malformed list is an error."""
    value = page.front.get("introduces", [])
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        raise FenceError(page.source, 1, "front matter 'introduces:' must be a list of names")
    names = [expand(n) for n in value]
    for name in names:
        if not name.startswith("torch."):
            raise FenceError(page.source, 1, f"introduces {name!r}: not a torch name")
    return names


def _dotted(node: ast.expr) -> list[str] | None:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return [node.id, *reversed(parts)]
    return None


def _aliases(tree: ast.AST) -> dict[str, str]:
    """Local name -> torch module or object it is bound to by the code's imports."""
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "torch" or alias.name.startswith("torch."):
                    # `import torch.nn` binds `torch`; `import torch.nn as nn` binds `nn`.
                    aliases[alias.asname or "torch"] = alias.name if alias.asname else "torch"
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "torch" or node.module.startswith("torch."):
                for alias in node.names:
                    aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return aliases


def used_names(code: str, aliases: dict[str, str] | None = None) -> list[tuple[int, str]]:
    """(line, full dotted torch name) for each use in ``code``, following its imports.

    ``aliases`` holds the bindings of earlier blocks of the same session and is updated with
    this code's imports. Only the longest attribute chain counts: ``torch.nn.functional.relu``
    is one use, not four. A bare module binding (``nn`` from ``from torch import nn``) is not
    a use of an API.
    """
    tree = ast.parse(code)
    if aliases is None:
        aliases = {}
    aliases.update(_aliases(tree))
    modules = {full for full in aliases.values() if _is_module(full)}
    inner = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    uses = set()
    for node in ast.walk(tree):
        if id(node) in inner or not isinstance(node, (ast.Attribute, ast.Name)):
            continue
        if isinstance(node.ctx, ast.Store):
            continue
        parts = _dotted(node)
        if parts and parts[0] in aliases:
            full = ".".join([aliases[parts[0]], *parts[1:]])
            if full != "torch" and full not in modules:
                uses.add((node.lineno, full))
    return sorted(uses)


def _is_module(full: str) -> bool:
    try:
        return importlib.util.find_spec(full) is not None
    except (ImportError, ValueError):
        return False


def _shown(code: str) -> str:
    """The code as the reader sees it: lines hidden from the page are blanked (numbers kept).

    If blanking leaves code that does not parse (a shown ``if`` whose body is all hidden), the
    whole code is read instead: counting a hidden use is the safe side.
    """
    shown = "\n".join("" if line.rstrip().endswith(HIDE) else line for line in code.splitlines())
    try:
        ast.parse(shown)
    except SyntaxError:
        return code
    return shown


def page_uses(page: Page, root: Path) -> list[Use]:
    """Every torch name the page's code uses, with where it is used."""
    if page.fence_error:
        raise ValueError(page.fence_error)
    notebook = page.is_notebook
    uses: list[Use] = []
    sessions: dict[str, dict[str, str]] = {}  # a session's blocks share one namespace
    for fence in page.fences:
        if not (fence.executed or (notebook and fence.is_python)):
            continue
        session = "notebook" if notebook else fence.session
        aliases = sessions.setdefault(session, {}) if session else {}
        try:
            names = used_names(_shown(fence.code(root)), aliases)
        except SyntaxError as error:
            raise FenceError(fence.path, fence.line, f"code does not parse: {error}") from None
        uses.extend(Use(name, f"{fence.label}, line {line} of its code") for line, name in names)
    return uses


def prose_code_spans(text: str) -> set[str]:
    """The contents of the code spans in the page's prose (outside fences and front matter)."""
    lines = text.splitlines()
    start = lines.index("---", 1) + 1 if lines and lines[0] == "---" else 0
    spans: set[str] = set()
    fence: str | None = None
    for line in lines[start:]:
        opening = _FENCE_OPEN.match(line)
        if fence is not None:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
            continue
        if opening:
            fence = opening.group(1)
            continue
        spans.update(match.group(2).strip() for match in _CODE_SPAN.finditer(line))
    return spans


def named_in(name: str, spans: set[str]) -> bool:
    """Whether some code span of the prose names ``name`` (by its last part, as code does)."""
    last = name.rsplit(".", 1)[-1]
    pattern = re.compile(rf"(?<![\w]){re.escape(last)}(?!\w)")
    return any(pattern.search(span) for span in spans)


def check(root: Path, mkdocs_yml: Path | None = None) -> list[str]:
    """Every problem of introduction order in the book at ``root``, one message each."""
    docs = root / "docs"
    order = nav_pages(mkdocs_yml or root / "mkdocs.yml")
    problems: list[str] = []
    introduced_at: dict[str, int] = {}
    pages = [read_page(docs / name, f"docs/{name}") for name in order]
    for position, page in enumerate(pages):
        spans = prose_code_spans(page.text)
        for name in declared(page):
            label = page.name
            if name in introduced_at:
                first = order[introduced_at[name]]
                problems.append(f"{label}: introduces {name}, already introduced by docs/{first}")
                continue
            introduced_at[name] = position
            if not named_in(name, spans):
                problems.append(
                    f"{label}: introduces {name} but its prose never names it in a code span"
                )
    for position, page in enumerate(pages):
        for use in page_uses(page, root):
            where = introduced_at.get(use.name)
            if where is None:
                problems.append(
                    f"{use.label}: uses {use.name}, which no page introduces "
                    "(add it to the 'introduces:' front matter of the page that "
                    "explains it)"
                )
            elif where > position:
                problems.append(
                    f"{use.label}: uses {use.name} before docs/{order[where]} introduces it"
                )
    return problems
