"""One build reads each page's source once: every part of the build uses the one
:class:`bookkit.page_source.Page` the plugin makes in ``on_files``.

The run's build of the real book (``built_site``, cold in a fresh checkout) counts the opens of
``docs/`` pages made from bookkit's code (tests/real_book.py, ``BUILD_COUNTING_PAGE_READS``).
"""

from __future__ import annotations

import json

from conftest import ROOT
from real_book import PAGE_READS


def test_one_build_reads_each_page_once(built_site):
    reads = json.loads((built_site.parent / PAGE_READS).read_text(encoding="utf-8"))
    pages = {p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md")}
    assert {page: n for page, n in reads.items() if n != 1} == {}
    assert set(reads) == pages
