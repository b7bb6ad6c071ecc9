"""The Korean search field of the built book is what a clean analysis gives.

(bookkit/mkdocs/search.py: sections analysed in an earlier build come from its cache, and Kiwi
is loaded without its typo and multi-word dictionaries, which the book's text does not need.)

A section whose document (its text and its fields) was found right by an earlier run, with the
same glossary, analysis code and Kiwi, is not analysed again (``PROVEN``): a clean analysis of
the same input gives the same fields, so after a prose edit only the changed sections are.
"""

from __future__ import annotations

import hashlib
import json
from importlib.metadata import version
from pathlib import Path

from conftest import ROOT

from bookkit.files import read_kept_json, write_atomically
from bookkit.mkdocs import search
from bookkit.mkdocs.glossary import terms
from bookkit.mkdocs.search import FIELD, TITLE_FIELD, kiwi_for, read_index, section_fields

PROVEN = ROOT / ".cache" / "bookkit" / "search-field-proven.json"
ANALYSIS = [version("kiwipiepy"), version("kiwipiepy_model"),
            hashlib.sha256(Path(search.__file__).read_bytes()).hexdigest()]


def proof_key(doc: dict, aliases: list) -> str:
    return hashlib.sha256(json.dumps([ANALYSIS, aliases, doc], sort_keys=True).encode()).hexdigest()


def test_built_search_field_is_a_clean_analysis_with_every_dictionary(built_site):
    aliases = terms((ROOT / "docs" / "glossary.md").read_text(encoding="utf-8"))
    docs = {proof_key(doc, aliases): doc for doc in read_index(built_site)["docs"]}
    proven = set(read_kept_json(PROVEN) or [])
    unproven = [doc for key, doc in docs.items() if key not in proven]
    if unproven:
        kiwi = kiwi_for(aliases, {"load_typo_dict": False})  # the multi-word dictionary loaded
        differ = [doc["location"] for doc in unproven
                  if [doc[FIELD], doc[TITLE_FIELD]] != section_fields(kiwi, doc, aliases)]
        assert differ == []
    write_atomically(PROVEN, json.dumps(sorted(docs)).encode())
