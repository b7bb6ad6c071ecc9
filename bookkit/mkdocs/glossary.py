"""The glossary page's "나오는 곳" column, filled in at build time from the chapters' text.

``docs/glossary.md`` (front matter ``kind: glossary``) holds the terms as a Markdown table with
the columns 한국어, 영어, 뜻. The build adds a fourth column linking every chapter page
(``kind: chapter``) whose text uses the term, by its Korean name or one of its English names
(comma-separated). A term that no chapter uses stops the build, naming the glossary's line:
the glossary may only explain what the book says. The table is read by
:mod:`bookkit.mkdocs.glossary_table`; the same pairs are the search aliases
(:mod:`bookkit.mkdocs.search`).

This is page generation from prose, not an executed output, so it runs in the build process
and a prose edit executes nothing.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from functools import cache

from mkdocs.utils import meta

from bookkit.mkdocs.glossary_table import Words, body_rows, row_cells

_TITLE = re.compile(r"^# (.+?)\s*$", re.M)


class GlossaryError(ValueError):
    pass


@dataclass(frozen=True)
class Chapter:
    src_uri: str  # e.g. tensors/index.md
    title: str
    text: str


def chapter_title(text: str, fallback: str) -> str:
    """The page's first level-1 heading: after its front matter (a YAML comment there starts
    with ``#`` too) and outside code fences (so is a Python comment); ``fallback`` if none."""
    body, _ = meta.get_data(text)
    fence = None
    for line in body.splitlines():
        stripped = line.lstrip()
        if fence is None and stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
        elif fence is not None and stripped.startswith(fence):
            fence = None
        elif fence is None and (match := _TITLE.match(line)):
            return match.group(1)
    return fallback


# The non-ASCII letters that IGNORECASE matches to ASCII ones (the ``re`` docs), as those.
_TO_ASCII = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def _folded(text: str) -> str:
    return text.translate(_TO_ASCII).lower()


def _name_pattern(name: str) -> re.Pattern:
    return _compiled(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", re.I)


@cache  # one per term or name of the book: re's own cache holds 512
def _compiled(pattern: str, flags: int = 0) -> re.Pattern:
    return re.compile(pattern, flags)


def uses(text: str, korean: str, english: list[str]) -> bool:
    """The text uses the term, by its Korean name (anywhere) or one of its English names (not
    inside a longer ASCII word, any case, as ``re.IGNORECASE`` matches). :class:`TermIndex`
    answers the same for every term at once."""
    return korean in text or any(_name_pattern(name).search(text) for name in english)


class TermIndex:
    """Which of the glossary's terms a text uses, found in one pass over the text whatever the
    number of terms (:class:`bookkit.mkdocs.glossary_table.Words`).

    An ASCII English name is a candidate where its lowercase letters occur in the text folded as
    IGNORECASE folds onto ASCII; only candidates are searched for as :func:`uses` does. Names
    in other scripts (they fold in more ways) are always searched for."""

    def __init__(self, glossary: list[tuple[str, list[str]]]):
        self.glossary = [(korean, list(english)) for korean, english in glossary]
        pairs = [(korean, name) for korean, english in self.glossary for name in english]
        self._other = [(korean, name) for korean, name in pairs if not name.isascii()]
        self._korean = Words((korean, korean) for korean, _ in self.glossary)
        self._english = Words((name.lower(), (korean, name)) for korean, name in pairs
                              if name.isascii())
        self._used: dict[str, frozenset[str]] = {}  # a save changes one chapter: keep the rest

    def present(self, text: str) -> set[str]:
        """The Korean names that occur in ``text``, anywhere."""
        return set(self._korean(text))

    def used(self, text: str) -> frozenset[str]:
        """The terms ``text`` uses, as :func:`uses` decides for each."""
        if text not in self._used:
            found = self.present(text)
            candidates = self._other + self._english(_folded(text))
            found |= {korean for korean, name in candidates
                      if korean not in found and _name_pattern(name).search(text)}
            self._used[text] = frozenset(found)
        return self._used[text]


def where_rows(chapters: list[Chapter], index: TermIndex) -> list:
    """What the "나오는 곳" column is made of: each chapter's place, title and the terms it uses.
    ``serve`` renders the glossary again only when this changed."""
    return [(c.src_uri, c.title, sorted(index.used(c.text))) for c in chapters]


def term_anchor(korean: str) -> str:
    """The id of a term's row in the glossary page."""
    return "용어-" + re.sub(r"\s+", "-", korean.strip())


_NUMBER = re.compile(r"^(\d+(?:\.\d+)*)\.?\s")  # "2.3 인덱싱" -> 2.3, "3. 복습: …" -> 3
HEADER = "나오는 곳(굵게: 다루는 장)"


def short_label(title: str) -> str:
    """A chapter's number ("2.3", "3장"), or its whole title when it has none."""
    match = _NUMBER.match(title)
    if not match:
        return title
    number = match.group(1)
    return number if "." in number else f"{number}장"


def teaches(text: str, korean: str) -> bool:
    """The chapter defines the term: it sets the Korean name alone in bold (``**매개변수**``,
    ``**매개변수(parameter)**``, not inside a longer bold phrase), or a heading of it names
    the term (a section about it)."""
    name = re.escape(korean)
    return (_compiled(rf"\*\*{name}(\s*\([^)*\n]*\))?\*\*").search(text) is not None
            or _compiled(rf"^#{{2,6}} .*{name}", re.M).search(text) is not None)


def where_cell(term: str, names: list[str], chapters: list[Chapter], here: str,
               index: TermIndex | None = None) -> str:
    """Links to the chapters (in book order) that use the term, each by its number with its
    title as tooltip; the chapter that teaches it (the first that sets it in bold, if one
    does) first and in bold. ``index``: the glossary's, or one of this term alone."""
    index = index if index is not None else TermIndex([(term, names)])
    using = [c for c in chapters if term in index.used(c.text)]
    if not using:
        return ""
    teacher = next((c for c in using if teaches(c.text, term)), None)
    ordered = [c for c in [teacher] if c] + [c for c in using if c is not teacher]
    links = []
    for chapter in ordered:
        target = posixpath.relpath(chapter.src_uri, here)
        title = chapter.title.replace('"', "'")
        link = f'[{short_label(chapter.title)}]({target} "{title}")'
        links.append(f"**{link}**" if chapter is teacher else link)
    return ", ".join(links)


def _names(cell: str) -> list[str]:
    return [name.strip() for name in cell.split(",") if name.strip()]


def add_where_column(markdown: str, page_uri: str, page_path: str, chapters: list[Chapter]) -> str:
    """The glossary markdown with a "나오는 곳" column of links to the chapters using each term
    (``chapters`` in book order). The rendered table is marked for the phone layout by
    :func:`mark_table`.

    Each term's cell also gets the id other pages link to (:func:`term_anchor`).
    """
    lines = markdown.splitlines()
    body = dict(body_rows(lines))
    rows = {index: row_cells(line) for index, line in enumerate(lines) if index in body}
    terms = TermIndex([(cells[0], _names(cells[1])) for cells in rows.values() if cells])
    here = posixpath.dirname(page_uri)
    unused: list[str] = []
    out: list[str] = []
    for index, line in enumerate(lines):
        cells = row_cells(line)
        if cells is None:
            out.append(line)
            continue
        if index not in body:  # header or rule
            out.append(line.rstrip() + (" --- |" if set("".join(cells)) <= set("-: ")
                                        else f" {HEADER} |"))
        else:
            term, names = cells[0], _names(cells[1])
            where = where_cell(term, names, chapters, here, terms)
            if not where:
                unused.append(f"{page_path}:{index + 1}: {term!r} appears in no chapter")
            anchored = f'<span id="{term_anchor(term)}">{term}</span>'
            row = "| " + " | ".join([anchored, *cells[1:]]) + " |"
            out.append(row + f" {where or '—'} |")
    if unused:
        raise GlossaryError("glossary terms no chapter uses:\n  " + "\n  ".join(unused))
    return "\n".join(out) + "\n"


def mark_table(html: str) -> str:
    """The glossary page's HTML with its table marked (``data-glossary``; a class would lose
    the theme's table style) for the phone layout in book.css."""
    return html.replace("<table>", "<table data-glossary>", 1)


# Plain prose only: code spans, links, math and inline HTML are left alone.
_PROTECTED = re.compile(r"`[^`]*`|\[[^\]]*\]\([^)]*\)|\\\(.*?\\\)|<[^>]+>|https?://\S+")
_SKIP_LINE = re.compile(r"^\s*(#|!!!|\?\?\?|===|\||<|--8<--|\$\$|\\\[)")


def link_first_uses(markdown: str, index: TermIndex, link: str) -> str:
    """``markdown`` with the first use of each glossary term in its prose linked to its entry.

    ``link`` is the glossary page relative to this page. Headings, fences, tables, admonition
    and tab titles, code, links and math are never touched; a term is matched at the start of
    a word, so particles may follow it (텐서를).
    """
    from bookkit.fences import extract_fences

    lines = markdown.split("\n")
    fenced: set[int] = set()
    for fence in extract_fences(markdown, "page"):
        fenced.update(range(fence.line - 1, fence.line + len(fence.body.splitlines()) + 1))
    if lines and lines[0] == "---":  # front matter
        fenced.update(range(0, lines.index("---", 1) + 1))
    pending = sorted(index.present(markdown), key=lambda term: (-len(term), term))
    patterns = {t: _compiled(rf"(?<![가-힣A-Za-z0-9]){re.escape(t)}") for t in pending}
    for index, line in enumerate(lines):
        if index in fenced or _SKIP_LINE.match(line) or not pending:
            continue
        kept = _PROTECTED.findall(line)
        pieces = [_link_piece(piece, pending, patterns, link)
                  for piece in _PROTECTED.split(line)]
        lines[index] = "".join(p + (kept[i] if i < len(kept) else "") for i, p in enumerate(pieces))
    return "\n".join(lines)


def _link_piece(piece: str, pending: list[str], patterns: dict, link: str) -> str:
    """Link, in one run of plain prose, the first use of each pending term (longest first)."""
    spans: list[tuple[int, int, str]] = []
    for term in list(pending):
        match = patterns[term].search(piece)
        while match and any(s < match.end() and match.start() < e for s, e, _ in spans):
            match = patterns[term].search(piece, match.end())
        if match:
            spans.append((match.start(), match.end(), term))
            pending.remove(term)
    out, last = [], 0
    for start, end, term in sorted(spans):
        out += [piece[last:start], f"[{term}]({link}#{term_anchor(term)})"]
        last = end
    return "".join(out) + piece[last:]
