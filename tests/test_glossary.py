"""Which chapters use a glossary term (the "나오는 곳" column, bookkit.mkdocs.glossary.uses)."""

from __future__ import annotations

import re

from hypothesis import example, given
from hypothesis import strategies as st

from bookkit.mkdocs.glossary import TermIndex, uses

# ASCII letters, the four other letters IGNORECASE matches to ASCII ones, Greek letters that
# fold in several ways, and separators.
TEXT = st.text(alphabet="aiksKIS_ -\u0130\u0131\u017f\u212aσςΣμµ가", max_size=8)
NAME = st.text(alphabet="aiksKIS_σςμ\u0130", min_size=1, max_size=2)


@given(TEXT, NAME)
@example("\u0130", "i")
@example("\u0131", "I")
@example("\u017f", "S")
@example("\u212a", "k")
@example("ς", "σ")
@example("µ", "μ")
@example("i", "\u0130")
def test_an_english_name_matches_as_an_ignorecase_search_would(text, name):
    """The quick look for a name's letters never hides a match the search would find."""
    search = re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", text, re.I)
    assert uses(text, "없는말", [name]) == bool(search)


def test_a_name_inside_a_longer_word_is_not_a_use():
    assert uses("x.requires_grad = True", "기울기", ["grad"])
    assert not uses("gradient descent", "기울기", ["grad"])
    assert uses("텐서의 기울기", "기울기", [])


def test_a_chapters_title_is_its_first_heading_not_a_comment_before_it():
    from bookkit.mkdocs.glossary import chapter_title

    text = ("---\nkind: chapter\n# Outputs made from timing recordings\nmeasurements: [a]\n---\n\n"
            "```python\n# 주석\n```\n\n# 1.3 CPU와 GPU 속도 비교\n\n본문\n")
    assert chapter_title(text, "x.md") == "1.3 CPU와 GPU 속도 비교"
    assert chapter_title("본문뿐\n", "x.md") == "x.md"


def test_where_lists_chapters_in_book_order_with_the_defining_one_first():
    from bookkit.mkdocs.glossary import Chapter, short_label, where_cell

    chapters = [Chapter("a/index.md", "1. 첫걸음", "텐서를 씁니다."),
                Chapter("b/x.md", "2.1 인덱싱", "## 텐서 고르기\n\n텐서"),
                Chapter("b/y.md", "2.2 브로드캐스팅", "**텐서**는 배열입니다.")]
    cell = where_cell("텐서", ["tensor"], chapters, "")
    # the first chapter that names it in a heading or alone in bold, first and in bold
    assert cell.startswith('**[2.1](b/x.md "2.1 인덱싱")**, [1장](a/index.md "1. 첫걸음")'), cell
    assert cell.endswith('[2.2](b/y.md "2.2 브로드캐스팅")'), cell
    assert where_cell("행렬", [], chapters, "") == ""
    # a bold phrase that only contains the term does not make a chapter the defining one
    mistake = [Chapter("c.md", "3. 복습", "**텐서의 형태가 맞지 않는다.**")]
    assert where_cell("텐서", [], mistake, "") == '[3장](c.md "3. 복습")'
    assert short_label("부록: BFS") == "부록: BFS"


TERM = st.text(alphabet="가나 다ab", min_size=1, max_size=3)


@given(st.lists(st.tuples(TERM, st.lists(NAME, max_size=2)), max_size=5),
       st.text(alphabet="aiksKIS_ -\u0130\u0131\u017f\u212aσςμ가나다b", max_size=12))
@example([("가", ["k"]), ("가나", ["\u212a"])], "가나 \u212a")
@example([("다", ["σ"])], "Σ")
def test_the_index_finds_the_terms_each_search_would(glossary, text):
    """One pass of the index over a text finds what a search per term finds (planted: the
    index without its candidates for non-ASCII names, or without the Korean names found)."""
    index = TermIndex(glossary)
    assert index.used(text) == {korean for korean, english in glossary
                                if uses(text, korean, english)}
    assert index.present(text) == {korean for korean, _ in glossary if korean in text}
