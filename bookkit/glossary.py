"""The glossary page's "나오는 곳" column, filled in at build time from the chapters' text.

``docs/glossary.md`` (front matter ``kind: glossary``) holds the terms as a Markdown table with
the columns 한국어, 영어, 뜻. The build adds a fourth column linking every chapter page
(``kind: chapter``) whose text uses the term, by its Korean name or one of its English names
(comma-separated). A term that no chapter uses stops the build, naming the glossary's line:
the glossary may only explain what the book says. The same pairs are the search aliases
(:mod:`bookkit.search`).

This is page generation from prose, not an executed output, so it runs in the build process
and a prose edit executes nothing.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

_ROW = re.compile(r"^\|(?P<cells>.*)\|\s*$")
_TITLE = re.compile(r"^# (.+?)\s*$", re.M)


class GlossaryError(ValueError):
    pass


@dataclass(frozen=True)
class Chapter:
    src_uri: str  # e.g. tensors/index.md
    title: str
    text: str


def chapter_title(text: str, fallback: str) -> str:
    match = _TITLE.search(text)
    return match.group(1) if match else fallback


def _cells(line: str) -> list[str] | None:
    match = _ROW.match(line)
    return [cell.strip() for cell in match["cells"].split("|")] if match else None


def uses(text: str, korean: str, english: list[str]) -> bool:
    """The text uses the term, by its Korean name or one of its English names."""
    return korean in text or any(
        re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", text, re.I) for name in english
    )


def add_where_column(markdown: str, page_uri: str, page_path: str, chapters: list[Chapter]) -> str:
    """The glossary markdown with a "나오는 곳" column of links to the chapters using each term."""
    lines = markdown.splitlines()
    out: list[str] = []
    unused: list[str] = []
    in_table = False
    for number, line in enumerate(lines, start=1):
        cells = _cells(line)
        if cells is None:
            in_table = False
            out.append(line)
            continue
        if not in_table:  # header row
            in_table = True
            out.append(line.rstrip() + " 나오는 곳 |")
            continue
        if set("".join(cells)) <= set("-: "):
            out.append(line.rstrip() + " --- |")
            continue
        term, names = cells[0], [n.strip() for n in cells[1].split(",") if n.strip()]
        links = [
            f"[{chapter.title}]({posixpath.relpath(chapter.src_uri, posixpath.dirname(page_uri))})"
            for chapter in chapters
            if uses(chapter.text, term, names)
        ]
        if not links:
            unused.append(f"{page_path}:{number}: {term!r} appears in no chapter")
        out.append(line.rstrip() + f" {', '.join(links) or '—'} |")
    if unused:
        raise GlossaryError("glossary terms no chapter uses:\n  " + "\n  ".join(unused))
    return "\n".join(out) + "\n"
