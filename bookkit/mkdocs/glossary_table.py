"""The glossary page's table of terms (``kind: glossary``, columns 한국어, 영어, 뜻), read by the
glossary plugin (:mod:`bookkit.mkdocs.glossary`) and by the Korean search field, whose user
dictionary and aliases are its terms (:mod:`bookkit.mkdocs.search`); both find the terms in
the book's text with :class:`Words`."""

from __future__ import annotations

import re
from collections.abc import Iterable

import ahocorasick

_ROW = re.compile(r"^\|(?P<cells>.*)\|\s*$")


def row_cells(line: str) -> list[str] | None:
    match = _ROW.match(line)
    return [cell.strip() for cell in match["cells"].split("|")] if match else None


def body_rows(lines: list[str]):
    """(index, cells) of every body row of the tables in ``lines`` (header and rule skipped)."""
    in_table = False
    for index, line in enumerate(lines):
        cells = row_cells(line)
        if cells is None:
            in_table = False
            continue
        if not in_table:
            in_table = True  # the header row
            continue
        if set("".join(cells)) <= set("-: "):
            continue
        yield index, cells


def terms(markdown: str) -> list[tuple[str, list[str]]]:
    """(Korean term, its English names) of every glossary row."""
    return [(cells[0], [n.strip() for n in cells[1].split(",") if n.strip()])
            for _, cells in body_rows(markdown.splitlines())]


class Words:
    """Which of many words occur in a text, anywhere, found in one pass over the text whatever
    their number (Aho-Corasick, pyahocorasick): a search per word and page makes a book that
    grows in pages and terms together cost pages x terms. Built from (word, value) pairs;
    called on a text, it gives the values of the words found there."""

    def __init__(self, pairs: Iterable[tuple[str, object]]):
        values: dict[str, list] = {}
        for word, value in pairs:
            values.setdefault(word, []).append(value)
        self._automaton = None
        if values:
            self._automaton = ahocorasick.Automaton()
            for word, found in values.items():
                self._automaton.add_word(word, found)
            self._automaton.make_automaton()

    def __call__(self, text: str) -> list:
        if self._automaton is None:
            return []
        return [value for _, found in self._automaton.iter(text) for value in found]
