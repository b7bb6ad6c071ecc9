"""The Korean search field of the built book is what a clean analysis gives.

(bookkit/mkdocs/search.py: sections analysed in an earlier build come from its cache, and Kiwi
is loaded without its typo and multi-word dictionaries, which the book's text does not need.)
Every run analyses every section again with every dictionary loaded and compares.
"""

from __future__ import annotations

from conftest import ROOT

from bookkit.mkdocs.glossary_table import terms
from bookkit.mkdocs.search import FIELD, TITLE_FIELD, kiwi_for, section_fields
from bookkit.mkdocs.search_index import read_index


def test_built_search_field_is_a_clean_analysis_with_every_dictionary(built_site):
    aliases = terms((ROOT / "docs" / "glossary.md").read_text(encoding="utf-8"))
    kiwi = kiwi_for(aliases, {"load_typo_dict": False})  # the multi-word dictionary loaded
    differ = [doc["location"] for doc in read_index(built_site)["docs"]
              if [doc[FIELD], doc[TITLE_FIELD]] != section_fields(kiwi, doc, aliases)]
    assert differ == []
