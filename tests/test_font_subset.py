"""The site font cut at build time has every character the pages use.

(bookkit/mkdocs/font_subset.py)
"""

from __future__ import annotations

import re
from pathlib import Path

from fontTools.ttLib import TTFont

from bookkit.mkdocs.font_subset import (
    FOLDER,
    SOURCE,
    STYLESHEET,
    font_codepoints,
    page_characters,
    write_site_font,
)

SOURCE_CMAP = set(TTFont(SOURCE).getBestCmap())


def site_font(site: Path) -> Path:
    name = re.search(r'url\("([^"]+)"\)', (site / STYLESHEET).read_text(encoding="utf-8"))[1]
    return site / FOLDER / name


def missing_characters(site: Path) -> dict[str, str]:
    """Per page, the characters it uses that the source font has but the site's cut lacks."""
    cut = font_codepoints(site_font(site).read_bytes())
    missing = {}
    for page in sorted(site.rglob("*.html")):
        used = {ord(c) for c in page_characters(page.read_text(encoding="utf-8"))}
        lost = sorted((used & SOURCE_CMAP) - cut)
        if lost:
            missing[str(page.relative_to(site))] = "".join(map(chr, lost))
    return missing


def test_cut_has_every_page_character_and_keeps_the_weight_axis(tmp_path):
    site = tmp_path / "site"
    (site / "a").mkdir(parents=True)
    (site / "index.html").write_text(
        '<html><body><p title="툴팁">텐서의 모양</p>'
        '<script id="__config" type="application/json">{"t": "\\ud074\\ub9bd"}</script>'
        "</body></html>", encoding="utf-8")
    (site / "a" / "index.html").write_text(
        '<html><body><input placeholder="검색어"><p>역전파 &amp; 기울기</p></body></html>',
        encoding="utf-8")
    first = write_site_font(site, tmp_path / "cache")
    assert not first.reused
    assert missing_characters(site) == {}
    cut = font_codepoints(first.woff2.read_bytes())
    assert {ord(c) for c in "툴팁클립검색어역전파기울&"} <= cut
    assert not {ord(c) for c in "뷁똠"} & cut  # not on any page: left to the fallback
    assert [(a.axisTag, a.minValue, a.maxValue) for a in TTFont(first.woff2)["fvar"].axes] == [
        (a.axisTag, a.minValue, a.maxValue) for a in TTFont(SOURCE)["fvar"].axes]
    assert "font-weight: 45 930;" in (site / STYLESHEET).read_text(encoding="utf-8")
    again = write_site_font(site, tmp_path / "cache")
    assert again.reused and again.woff2.read_bytes() == first.woff2.read_bytes()


def test_built_site_font_has_every_character_its_pages_use(built_site):
    assert missing_characters(built_site) == {}
