"""A synthetic larger book: the real chapters N times over, in a copy of the working tree.

    python -m bookkit.tools.scaled_book DIR --scale N   # DIR: a copy of the tree (files.copy_tree)

For every copy ``k`` from 2 to N, each chapter folder of ``docs/`` (every folder but ``assets``)
is copied as ``<folder>-k``, each ``snippets/`` folder its pages include as ``<folder>-k``, and
each lab package under ``labs/`` they name (``labs/deep_learning_pytorch/tensors``) as
``<package>_k``. The copies' text names the copies (``snippets/tensors-2/``,
``labs.deep_learning_pytorch.tensors_2``). Every copied snippet starts with a comment naming its
copy, and so do each section of it a page includes alone (``file.py:name``) and a notebook page's
first code cell, so no unit's code repeats; a unit's key sees its page too, so no key repeats.
Recorded snippets (``# bookkit: recorded``) are not copied: the copies include the originals,
whose device recordings they show. The copied pages drop their ``introduces:`` lists (a torch
name is introduced once, by the original); everything else in them is the original's, links to
other chapters included.

``mkdocs.yml``'s nav gets one section per copy, ``사본 k``, holding the copies of the nav's
sections whose pages are all in chapter folders; a pattern of mkdocs-jupyter's ``include`` that
names a chapter folder gets one for each copy. The glossary gets every row again per copy, its
Korean term as ``사본k <term>`` and its English names as ``<name> copy k``, and the first copied
chapter page of each copy gets a paragraph that uses them (a glossary term no chapter uses
stops the build).

The result builds with ``mkdocs build --strict`` like the real book; the real book is not
touched. :mod:`bookkit.tools.scale_bench` measures it.
"""

from __future__ import annotations

import argparse
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from bookkit.mkdocs.glossary_table import terms
from bookkit.recordings.store import recorded_snippets

INCLUDE = re.compile(r"""--8<--\s*["']snippets/([^/"']+)/""")
LAB = re.compile(r"\blabs[./](deep_learning_pytorch|algorithms)[./](\w+)")
FRONT_INTRODUCES = re.compile(r"(?m)^introduces:[ \t]*(?:\[.*\])?\n(?:[ \t]+-.*\n)*")
NAV = re.compile(r"(?ms)^nav:[ \t]*\n.*?(?=^\S|\Z)")
JUPYTER_INCLUDE = re.compile(r"(?m)^(?P<indent>[ \t]+include:[ \t]*)\[(?P<items>[^\]\n]*)\]")
SECTION_START = re.compile(r"(?m)^(?P<indent>[ \t]*)# --8<-- \[start:[^\]\n]*\][ \t]*\n")
NOTEBOOK_CELL = re.compile(r"(?ms)\A---\njupyter:.*?^```python[ \t]*\n")
TEXT_SUFFIXES = {".md", ".py", ".ipynb", ".txt", ".json", ".yml", ".yaml", ".toml", ".csv"}


class ScaleError(ValueError):
    pass


class _Loader(yaml.SafeLoader):
    """Reads mkdocs.yml, whose ``!!python/...`` tags do not matter to the nav."""


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


@dataclass
class ScaledBook:
    """What :func:`scale_book` made: the copies' folders and pages, per copy number."""

    scale: int
    chapters: list[str]  # the real chapter folders of docs/
    snippets: list[str]  # the real snippets/ folders the chapters include
    labs: list[str]  # the real lab packages they name, e.g. deep_learning_pytorch/tensors
    pages: dict[int, list[str]] = field(default_factory=dict)  # k -> docs-relative pages


def chapter_folders(root: Path) -> list[str]:
    return sorted(p.name for p in (root / "docs").iterdir()
                  if p.is_dir() and p.name != "assets" and any(p.rglob("*.md")))


def _text_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in TEXT_SUFFIXES)


def _renamer(snippets: list[str], labs: list[str], recorded: list[str], k: int):
    """The rewrite of a copied file's text that makes it name copy ``k``'s files (recorded
    snippets excepted: their recordings are the originals')."""
    rules: list[tuple[re.Pattern, str]] = []
    for name in snippets:
        kept = "|".join(re.escape(path.rpartition("/")[2]) for path in recorded
                        if path.startswith(f"snippets/{name}/"))
        keep = f"(?!(?:{kept})(?![\\w.]))" if kept else ""
        rules.append((re.compile(rf"\bsnippets/{re.escape(name)}/{keep}"),
                      f"snippets/{name}-{k}/"))
    for package in labs:
        group, name = package.split("/")
        rules.append((re.compile(rf"\blabs/{group}/{name}(?=[/\"'`\s:]|$)", re.M),
                      f"labs/{group}/{name}_{k}"))
        rules.append((re.compile(rf"\blabs\.{group}\.{name}(?!\w)"), f"labs.{group}.{name}_{k}"))

    def rename(text: str) -> str:
        for pattern, replacement in rules:
            text = pattern.sub(replacement, text)
        return text

    return rename


def _copy_nav(item, chapters: set[str], k: int):
    """The nav entry with every page path's chapter folder renamed to copy ``k``'s."""
    if isinstance(item, str):
        head, _, rest = item.partition("/")
        return f"{head}-{k}/{rest}" if rest and head in chapters else item
    if isinstance(item, list):
        return [_copy_nav(child, chapters, k) for child in item]
    return {title: _copy_nav(child, chapters, k) for title, child in item.items()}


def _pages_of(item) -> list[str]:
    if isinstance(item, str):
        return [item]
    children = item if isinstance(item, list) else list(item.values())
    return [page for child in children for page in _pages_of(child)]


def _copied_sections(nav: list, chapters: set[str]) -> list:
    """The top-level nav sections whose every page lies in a chapter folder (a section's inner
    sections are taken whole: ``본문``, ``부록``)."""
    kept = []
    for section in nav:
        if not isinstance(section, dict):
            continue
        pages = _pages_of(section)
        if pages and all(p.partition("/")[0] in chapters and "/" in p for p in pages):
            kept.append(section)
    return kept


def glossary_copy(markdown: str, k: int) -> tuple[str, list[str]]:
    """Copy ``k``'s glossary rows (appended after the original table's last row) and its terms."""
    rows, used = [], []
    for korean, english in terms(markdown):
        term = f"사본{k} {korean}"
        names = ", ".join(f"{name} copy {k}" for name in english)
        rows.append(f"| {term} | {names} | 사본 {k}의 {korean} |")
        used.append(term)
    return "\n".join(rows), used


def _grow_glossary(path: Path, scale: int) -> dict[int, list[str]]:
    markdown = path.read_text(encoding="utf-8")
    lines = markdown.split("\n")
    table_rows = [i for i, line in enumerate(lines) if line.startswith("|")]
    if not table_rows:
        raise ScaleError(f"{path}: no glossary table to grow")
    last = table_rows[-1]
    copies, used = [], {}
    for k in range(2, scale + 1):
        rows, used[k] = glossary_copy(markdown, k)
        copies.append(rows)
    lines[last + 1:last + 1] = copies
    path.write_text("\n".join(lines), encoding="utf-8")
    return used


def _grow_config(path: Path, chapters: list[str], scale: int) -> dict[int, list[str]]:
    """mkdocs.yml with a nav section per copy and mkdocs-jupyter's include widened; the nav
    pages of each copy, in order."""
    text = path.read_text(encoding="utf-8")
    config = yaml.load(text, Loader=_Loader)
    nav = config.get("nav")
    if not isinstance(nav, list):
        raise ScaleError(f"{path}: no nav list")
    folders = set(chapters)
    sections = _copied_sections(nav, folders)
    if not sections:
        raise ScaleError(f"{path}: no nav section lies in the chapter folders {chapters}")
    grown, pages = list(nav), {}
    for k in range(2, scale + 1):
        copied = [_copy_nav(section, folders, k) for section in sections]
        grown.append({f"사본 {k}": copied})
        pages[k] = [p for section in copied for p in _pages_of(section)]
    dumped = yaml.safe_dump({"nav": grown}, allow_unicode=True, sort_keys=False, width=1000)
    if not NAV.search(text):
        raise ScaleError(f"{path}: no top-level nav: block")
    text = NAV.sub(lambda _: dumped, text, count=1)

    def widen(match: re.Match) -> str:
        items = [item.strip() for item in match["items"].split(",") if item.strip()]
        extra = [f'"{k_item}"' for item in items for k_item in _copied_patterns(item, folders,
                                                                                 scale)]
        return f"{match['indent']}[{', '.join(items + extra)}]"

    text = JUPYTER_INCLUDE.sub(widen, text)
    path.write_text(text, encoding="utf-8")
    return pages


def _copied_patterns(item: str, folders: set[str], scale: int) -> list[str]:
    pattern = item.strip("\"'")
    head, _, rest = pattern.partition("/")
    if head not in folders or not rest:
        return []
    return [f"{head}-{k}/{rest}" for k in range(2, scale + 1)]


def _first_chapter_page(root: Path, pages: list[str]) -> Path:
    for page in pages:
        path = root / "docs" / page
        if path.suffix == ".md" and re.search(r"(?m)^kind:\s*chapter\s*$",
                                              path.read_text(encoding="utf-8")):
            return path
    raise ScaleError("no copied page is a chapter (front matter kind: chapter)")


def scale_book(root: Path, scale: int) -> ScaledBook:
    """Grow the tree at ``root`` (a copy of the book) to ``scale`` times its chapters."""
    if scale < 1:
        raise ScaleError(f"--scale {scale}: expected 1 or more")
    root = Path(root)
    chapters = chapter_folders(root)
    pages_text = {p: p.read_text(encoding="utf-8")
                  for c in chapters for p in sorted((root / "docs" / c).rglob("*.md"))}
    snippets = sorted({name for text in pages_text.values() for name in INCLUDE.findall(text)})
    snippet_text = "".join(p.read_text(encoding="utf-8") for name in snippets
                           for p in _text_files(root / "snippets" / name))
    labs = sorted({f"{group}/{name}" for text in [*pages_text.values(), snippet_text]
                   for group, name in LAB.findall(text)
                   if (root / "labs" / group / name).is_dir()})
    recorded = recorded_snippets(root)
    book = ScaledBook(scale, chapters, snippets, labs)
    if scale == 1:
        return book
    book.pages = _grow_config(root / "mkdocs.yml", chapters, scale)
    used = _grow_glossary(root / "docs" / "glossary.md", scale)
    for k in range(2, scale + 1):
        rename = _renamer(snippets, labs, recorded, k)
        copies = ([(root / "docs" / c, root / "docs" / f"{c}-{k}") for c in chapters]
                  + [(root / "snippets" / s, root / "snippets" / f"{s}-{k}") for s in snippets]
                  + [(root / "labs" / p, root / "labs" / f"{p}_{k}") for p in labs])
        for source, target in copies:
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
            for path in recorded:  # the copies show the original's recordings
                if (root / path).parent == source:
                    (target / (root / path).name).unlink()
            for path in _text_files(target):
                text = rename(path.read_text(encoding="utf-8"))
                if target.parent.name == "snippets" and path.suffix == ".py":
                    # at the top, and in each section a page includes alone (file.py:name)
                    text = SECTION_START.sub(rf"\g<0>\g<indent># 사본 {k}\n",
                                             f"# 사본 {k}\n{text}")
                if target.parent.name == "docs" and path.suffix == ".md":
                    text = FRONT_INTRODUCES.sub("", text, count=1)
                    # a notebook page's code is its own: its first code cell names the copy
                    text = NOTEBOOK_CELL.sub(rf"\g<0># 사본 {k}\n", text, count=1)
                path.write_text(text, encoding="utf-8")
        page = _first_chapter_page(root, book.pages[k])
        page.write_text(page.read_text(encoding="utf-8").rstrip("\n")
                        + f"\n\n사본 {k}의 용어: " + ", ".join(used[k]) + ".\n", encoding="utf-8")
    return book


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path, help="a copy of the book's tree, grown in place")
    parser.add_argument("--scale", type=int, required=True)
    args = parser.parse_args(argv)
    book = scale_book(args.root, args.scale)
    print(f"scaled book: {args.scale}× {len(book.chapters)} chapter folders, "
          f"{len(book.snippets)} snippet folders, {len(book.labs)} lab packages")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
