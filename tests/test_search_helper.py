"""The child process that analyses search sections for a fresh build (search.AnalysisHelper)
gives the fields an analysis in the build's own process gives."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT
from hypothesis import example, given
from hypothesis import strategies as st

from bookkit.mkdocs import search
from bookkit.mkdocs.glossary_table import terms
from bookkit.mkdocs.search import AnalysisHelper, add_morphs_field, kiwi_for, section_fields

SECTIONS = [
    {"location": "a/", "title": "자동 미분", "text": "<p>역전파는 gradient를 누적합니다.</p>"},
    {"location": "b/", "title": "넘파이", "text": "<p>NumPy 배열과 텐서를 바꿔 씁니다.</p>"},
]


@pytest.mark.e2e  # starts a process
def test_the_helper_gives_the_fields_of_an_analysis_in_process(tmp_path):
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    index = {"config": {"fields": {}}, "docs": [dict(section) for section in SECTIONS]}
    helper = AnalysisHelper(glossary, ROOT)
    counts = add_morphs_field(index, glossary, tmp_path / "cache", helper)
    assert counts == {"analysed": 2, "reused": 0}
    assert helper.process.returncode is not None  # it ended with the analysis
    aliases = terms(glossary)
    fields = [[doc["morphs"], doc["title_morphs"]] for doc in index["docs"]]
    assert fields == [section_fields(kiwi_for(aliases), doc, aliases) for doc in SECTIONS]
    assert "기울기를" in fields[0][0].split()  # gradient's Korean name, from the glossary


def test_a_damaged_kept_analysis_is_analysed_again(tmp_path):
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    cache = tmp_path / "cache"

    def index() -> dict:
        return {"config": {"fields": {}}, "docs": [dict(SECTIONS[0])]}

    search._KEPT.clear()  # what this process analysed before: kept in memory, not in this cache
    first = index()
    add_morphs_field(first, glossary, cache)
    [kept] = cache.rglob("*.txt")
    search._KEPT.clear()  # as a new process: only the file is kept
    kept.write_bytes(kept.read_bytes()[:10])  # cut short by a crash of an older writer
    again = index()
    assert add_morphs_field(again, glossary, cache) == {"analysed": 1, "reused": 0}
    assert again["docs"][0]["morphs"] == first["docs"][0]["morphs"]
    search._KEPT.clear()
    assert add_morphs_field(index(), glossary, cache) == {"analysed": 0, "reused": 1}  # whole


def test_search_results_show_no_heading_mark_and_no_math_delimiters(built_site):
    from bookkit.mkdocs.search_index import read_index

    docs = read_index(built_site)["docs"]
    assert not [doc["title"] for doc in docs if doc["title"].endswith("¶")]
    assert not [doc["location"] for doc in docs if "\\(" in doc["text"] or "\\[" in doc["text"]]
    # nor TeX commands: the math reads as Unicode (77 of 259 sections once showed TeX)
    tex = re.compile(r"\\(frac|sum|partial|approx|tanh|top|le|ge|cdot|mathbf)\b")
    assert not [doc["location"] for doc in docs if tex.search(doc["text"])]
    assert any("≈" in doc["text"] for doc in docs)


def test_math_reads_as_unicode_text():
    from bookkit.mkdocs.search import math_text

    assert math_text(r"f_i(x) = \tanh(x_i)\sum_k x_k") == "f_i(x) = tanh(x_i)∑_k x_k"
    assert math_text(r"\frac{\partial L}{\partial w}") == "∂L/∂w"
    assert math_text(r"f'(x) \approx \frac{f(x+h) - f(x-h)}{2h}") == (
        "f'(x) ≈(f(x+h) - f(x-h))/2h")


class _WordsKiwi:
    """Every space-separated word a noun; ``join`` glues the forms."""

    def tokenize(self, text):
        from types import SimpleNamespace

        return [SimpleNamespace(form=word, tag="NNG") for word in text.split()]

    def join(self, morphs):
        return "".join(form for form, _ in morphs)


def _every_pair(kiwi, text, aliases):
    """The aliases part of search.analyse as it was: every pair tried in glossary order."""
    field = set(search.analyse(kiwi, text, search.Aliases([])).split())
    lowered = text.lower()
    for korean, english in aliases:
        compact = korean.replace(" ", "")
        has_korean = korean in text or compact in field
        has_english = any(re.search(rf"(?<![a-z]){re.escape(e.lower())}(?![a-z])", lowered)
                          for e in english)
        if has_korean:
            field.update(word for e in english for word in e.lower().split())
        if has_english:
            field.update({compact, *(compact + p for p, _ in search.PARTICLES)})
    return " ".join(sorted(t for t in field if not search._MARKUP.search(t)))


@given(st.lists(st.tuples(st.text("가나 ", min_size=1, max_size=3),
                          st.lists(st.text("ab 가나", min_size=1, max_size=3), max_size=2)),
                max_size=5),
       st.text("가나ab AB", max_size=12))
@example([("가", ["나"]), ("나", ["b"])], "가")
def test_the_aliases_found_at_once_are_those_every_pair_tried_finds(aliases, text):
    """Only the pairs the text can name are tried, in glossary order, and a word one pair adds
    makes a later pair of that name tried (planted: candidates without the added words)."""
    kiwi = _WordsKiwi()
    assert search.analyse(kiwi, text, search.Aliases(aliases)) == _every_pair(kiwi, text, aliases)
