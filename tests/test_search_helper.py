"""The child process that analyses search sections for a fresh build (search.AnalysisHelper)
gives the fields an analysis in the build's own process gives."""

from __future__ import annotations

import json

from conftest import ROOT

from bookkit.mkdocs import search
from bookkit.mkdocs.glossary import terms
from bookkit.mkdocs.search import AnalysisHelper, add_morphs_field, kiwi_for, section_fields

SECTIONS = [
    {"location": "a/", "title": "자동 미분", "text": "<p>역전파는 gradient를 누적합니다.</p>"},
    {"location": "b/", "title": "넘파이", "text": "<p>NumPy 배열과 텐서를 바꿔 씁니다.</p>"},
]


def test_the_helper_gives_the_fields_of_an_analysis_in_process(tmp_path):
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    index = tmp_path / "search_index.json"
    index.write_text(json.dumps({"config": {"fields": {}}, "docs": SECTIONS}), encoding="utf-8")
    helper = AnalysisHelper(glossary, ROOT)
    counts = add_morphs_field(index, glossary, tmp_path / "cache", helper)
    assert counts == {"analysed": 2, "reused": 0}
    assert helper.process.returncode is not None  # it ended with the analysis
    aliases = terms(glossary)
    fields = [
        [doc["morphs"], doc["title_morphs"]]
        for doc in json.loads(index.read_text(encoding="utf-8"))["docs"]
    ]
    assert fields == [section_fields(kiwi_for(aliases), doc, aliases) for doc in SECTIONS]
    assert "기울기를" in fields[0][0].split()  # gradient's Korean name, from the glossary


def test_a_damaged_kept_analysis_is_analysed_again(tmp_path):
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    index, cache = tmp_path / "search_index.json", tmp_path / "cache"
    original = json.dumps({"config": {"fields": {}}, "docs": SECTIONS[:1]})
    index.write_text(original, encoding="utf-8")
    search._KEPT.clear()  # what this process analysed before: kept in memory, not in this cache
    add_morphs_field(index, glossary, cache)
    right = json.loads(index.read_text(encoding="utf-8"))["docs"][0]["morphs"]
    [kept] = cache.rglob("*.txt")
    search._KEPT.clear()  # as a new process: only the file is kept
    kept.write_bytes(kept.read_bytes()[:10])  # cut short by a crash of an older writer
    index.write_text(original, encoding="utf-8")
    assert add_morphs_field(index, glossary, cache) == {"analysed": 1, "reused": 0}
    assert json.loads(index.read_text(encoding="utf-8"))["docs"][0]["morphs"] == right
    search._KEPT.clear()
    index.write_text(original, encoding="utf-8")
    assert add_morphs_field(index, glossary, cache) == {"analysed": 0, "reused": 1}  # whole again
