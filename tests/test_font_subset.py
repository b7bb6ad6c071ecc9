"""The site font cut at build time has every character the pages use.

(bookkit/mkdocs/font_subset.py)
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from bookkit.mkdocs.font_subset import (
    FOLDER,
    SOURCE,
    STYLESHEET,
    faces_for,
    font_codepoints,
    page_characters,
    read_characters,
    write_characters,
    write_site_font,
)

SOURCE_CMAP = set(TTFont(SOURCE).getBestCmap())


def site_fonts(site: Path) -> list[Path]:
    names = re.findall(r'src: url\("([^"]+)"\)', (site / STYLESHEET).read_text(encoding="utf-8"))
    return [site / FOLDER / name for name in names]


def missing_characters(site: Path) -> dict[str, str]:
    """Per page, the characters it uses that the source font has but the site's faces lack."""
    served = set().union(*(font_codepoints(font.read_bytes()) for font in site_fonts(site)))
    missing = {}
    for page in sorted(site.rglob("*.html")):
        used = {ord(c) for c in page_characters(page.read_text(encoding="utf-8"))}
        lost = sorted((used & SOURCE_CMAP) - served)
        if lost:
            missing[str(page.relative_to(site))] = "".join(map(chr, lost))
    return missing


@pytest.fixture
def small_site(tmp_path, font_cache) -> tuple[Path, Path, Path]:
    """A two-page site, a character list with some of its characters, a font cache."""
    site = tmp_path / "site"
    (site / "a").mkdir(parents=True)
    (site / "index.html").write_text(
        '<html><body><p title="툴팁">텐서의 모양</p>'
        '<script id="__config" type="application/json">{"t": "\\ud074\\ub9bd"}</script>'
        "</body></html>",
        encoding="utf-8",
    )
    (site / "a" / "index.html").write_text(
        '<html><body><input placeholder="검색어"><p>역전파 &amp; 기울기</p></body></html>',
        encoding="utf-8",
    )
    listed = tmp_path / "characters.txt"
    write_characters(set("텐서의모양툴팁"), listed)
    shutil.copytree(font_cache, tmp_path / "cache")  # the decoded source, made once
    return site, listed, tmp_path / "cache"


def test_cut_has_every_page_character_and_keeps_the_weight_axis(small_site):
    site, listed, cache = small_site
    first = write_site_font(site, cache, listed=listed)
    assert not first.reused and first.supplement is not None
    assert missing_characters(site) == {}
    cut, more = (font_codepoints(path.read_bytes()) for path in (first.woff2, first.supplement))
    assert {ord(c) for c in "텐서의모양툴팁&"} <= cut
    assert {ord(c) for c in "클립검색어역전파기울"} <= more  # beyond the list
    assert not {ord(c) for c in "뷁똠"} & (cut | more)  # not on any page: left to the fallback
    for path in (first.woff2, first.supplement):
        assert [(a.axisTag, a.minValue, a.maxValue) for a in TTFont(path)["fvar"].axes] == [
            (a.axisTag, a.minValue, a.maxValue) for a in TTFont(SOURCE)["fvar"].axes
        ]
    assert (site / STYLESHEET).read_text(encoding="utf-8").count("font-weight: 45 930;") == 2
    again = write_site_font(site, cache, listed=listed)
    assert again.reused and again.woff2.read_bytes() == first.woff2.read_bytes()


def test_a_new_character_is_cut_into_the_supplement_and_the_cut_is_kept(small_site):
    site, listed, cache = small_site
    first = write_site_font(site, cache, listed=listed)
    cut = first.woff2.read_bytes()
    (site / "b.html").write_text("<p>벤치마크</p>", encoding="utf-8")
    second = write_site_font(site, cache, listed=listed)
    assert second.woff2 == first.woff2 and second.woff2.read_bytes() == cut
    assert ord("벤") in font_codepoints(second.supplement.read_bytes())
    assert missing_characters(site) == {}


def test_a_new_character_changes_the_stylesheet_only_as_its_page_uses_it(small_site):
    """What a page's remembered browser visit keys the site font's stylesheet by."""
    site, listed, cache = small_site
    pages = sorted(site.rglob("*.html"))
    write_characters(set().union(*(page_characters(p.read_text("utf-8")) for p in pages)), listed)
    write_site_font(site, cache, listed=listed)
    sheet = (site / STYLESHEET).read_text(encoding="utf-8")
    (site / "b.html").write_text("<p>벤치마크</p>", encoding="utf-8")
    assert write_site_font(site, cache, listed=listed).supplement is not None
    new_sheet = (site / STYLESHEET).read_text(encoding="utf-8")
    for page, same in [*((page, True) for page in pages), (site / "b.html", False)]:
        chars = page_characters(page.read_text(encoding="utf-8"))
        assert (faces_for(sheet, chars) == faces_for(new_sheet, chars)) is same, page
    assert faces_for(new_sheet, set("벤")).count("@font-face") == 1


def test_a_character_the_font_lacks_makes_no_supplement(small_site):
    site, listed, cache = small_site
    write_characters(
        set().union(
            *(page_characters(page.read_text(encoding="utf-8")) for page in site.rglob("*.html"))
        ),
        listed,
    )
    (site / "b.html").write_text("<p>\U0001f600</p>", encoding="utf-8")  # no such glyph
    font = write_site_font(site, cache, listed=listed)
    assert font.supplement is None and len(site_fonts(site)) == 1
    # The second time the font's characters are the kept list's.
    assert write_site_font(site, cache, listed=listed).supplement is None


def test_a_clean_cut_writes_the_same_files_as_a_cached_one(small_site, font_cache, tmp_path):
    site, listed, cache = small_site
    write_site_font(site, cache, listed=listed)
    (site / "b.html").write_text("<p>벤치마크</p>", encoding="utf-8")
    incremental = write_site_font(site, cache, listed=listed)
    clean_site = tmp_path / "clean"
    shutil.copytree(site, clean_site, ignore=shutil.ignore_patterns("assets"))
    clean = write_site_font(
        clean_site, shutil.copytree(font_cache, tmp_path / "empty"), listed=listed
    )
    for ours, theirs in [
        (incremental.woff2, clean.woff2),
        (incremental.supplement, clean.supplement),
        (site / STYLESHEET, clean_site / STYLESHEET),
    ]:
        assert ours.name == theirs.name and ours.read_bytes() == theirs.read_bytes()


def test_the_listed_characters_leave_no_supplement(small_site, tmp_path):
    site, listed, cache = small_site
    write_characters(
        set(" \xa0\n&가→")
        | set(page_characters((site / "a" / "index.html").read_text(encoding="utf-8"))),
        listed,
    )
    assert set(" \xa0\n&가→") <= read_characters(listed)
    write_characters(
        set().union(
            *(page_characters(page.read_text(encoding="utf-8")) for page in site.rglob("*.html"))
        ),
        listed,
    )
    font = write_site_font(site, cache, listed=listed)
    assert font.supplement is None and len(site_fonts(site)) == 1
    # The second time the font's characters are the kept list's.
    assert write_site_font(site, cache, listed=listed).supplement is None
    assert missing_characters(site) == {}


def test_built_site_font_has_every_character_its_pages_use(built_site):
    assert missing_characters(built_site) == {}


def test_serve_reads_again_only_a_page_that_was_written(small_site):
    """``serve``'s ``seen``: a page with the same time and size is not read again, one written
    since is (planted: a kept page whose time changed, not read again, loses its new character)."""
    import os

    from bookkit.files import Stamps
    from bookkit.mkdocs.font_subset import site_characters

    site, _, cache = small_site
    seen = Stamps()
    assert "역" in site_characters(site, cache, seen)
    page = site / "a" / "index.html"
    kept = page.stat()
    page.write_text(page.read_text(encoding="utf-8").replace("역전파", "벡전파"), encoding="utf-8")
    os.utime(page, ns=(kept.st_atime_ns, kept.st_mtime_ns))  # same time and size: kept
    assert "벡" not in site_characters(site, cache, seen)
    os.utime(page, ns=(kept.st_atime_ns, kept.st_mtime_ns + 1))  # written since: read again
    chars = site_characters(site, cache, seen)
    assert "벡" in chars and "역" not in chars
