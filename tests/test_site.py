"""Checks on the real book, built strictly once (see the built_site fixture)."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml
from selectolax.lexbor import LexborHTMLParser

from bookkit.fences import extract_fences
from bookkit.mkdocs.pdf import PDF_NAME
from bookkit.mkdocs.search_index import read_index
from bookkit.mkdocs.site_check import check_markup, check_offline
from bookkit.pages import built_page_path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SKELETON_START = "학습 목표"
SKELETON_END = ["자주 하는 실수", "요약", "다음 단계"]


def front_matter(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return {}
    return yaml.safe_load(text.split("---\n", 2)[1]) or {}


@functools.cache  # three tests read every page; Lexbor parses the site in about 1 s
def parsed_pages(site: Path) -> dict[Path, LexborHTMLParser]:
    """Every HTML file of the built ``site``, parsed."""
    return {page: LexborHTMLParser(page.read_text(encoding="utf-8"))
            for page in sorted(site.rglob("*.html"))}


CHAPTERS = sorted(p for p in DOCS.rglob("*.md") if front_matter(p).get("kind") == "chapter")


def test_offline_check_catches_a_cdn_script(tmp_path):
    (tmp_path / "index.html").write_text(
        '<script src="https://unpkg.com/mermaid@11/dist/mermaid.min.js"></script>'
        '<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">'
        '<a href="https://pytorch.org">links to read are fine</a>'
    )
    problems = check_offline(tmp_path)
    assert len(problems) == 2 and "unpkg.com" in problems[0]


def test_offline_check_sees_a_page_rewritten_between_builds(tmp_path):
    # As in `mkdocs serve`: the same path, checked again after its bytes changed.
    page = tmp_path / "index.html"
    page.write_text('<script src="assets/local.js"></script>')
    assert check_offline(tmp_path) == []
    page.write_text('<script src="https://cdn.example.org/x.js"></script>')
    assert check_offline(tmp_path) == ["index.html: loads https://cdn.example.org/x.js "
                                       "from another host"]


def test_picture_check_finds_an_svg_without_a_text_alternative(tmp_path):
    named = ('<figure><svg role="img" aria-label="x의 그래프"><title>x의 그래프</title></svg>'
             "<figcaption>x</figcaption></figure>")
    icons = ('<a href="/" aria-label="홈"><svg viewBox="0 0 1 1"></svg></a>'
             '<div><svg aria-hidden="true"></svg></div>')
    (tmp_path / "index.html").write_text(named + icons)
    assert check_markup(tmp_path) == []
    (tmp_path / "plot.html").write_text('<figure class="book-plot"><svg viewBox="0 0 9 9">'
                                        "<path d='M0 0'/></svg></figure>")
    (tmp_path / "empty.html").write_text('<svg role="img" aria-label=" "><title></title></svg>')
    problems = check_markup(tmp_path)
    assert [p.split(":")[0] for p in problems] == ["empty.html", "plot.html"], problems
    assert "without a text alternative" in problems[0]


def test_autograd_graphs_are_static_svg_and_nothing_loads_mermaid(built_site):
    graphs = 0
    for page, tree in parsed_pages(built_site).items():
        where = page.relative_to(built_site)
        assert not tree.css(".mermaid"), f"{where}: a mermaid diagram is left"
        assert not tree.css("script[src*=mermaid]"), where
        for figure in tree.css("figure.book-graph"):
            svg = figure.css_first(".book-graph__scroll[tabindex='0'] > svg")
            assert svg.attributes["role"] == "img", where
            assert "autograd 그래프" in svg.attributes["aria-label"], where
            assert svg.css(".book-graph__leaf") and svg.css("path.book-graph__edge")
            assert "리프 텐서" in figure.css_first("figcaption").text(), where
            graphs += 1
    assert graphs >= 9  # every show_graph block of the book
    assert not (built_site / "assets" / "vendor" / "mermaid").exists()


def test_korean_headings_get_readable_ids(built_site):
    pages = parsed_pages(built_site)
    for page, tree in pages.items():
        ids = [h.attributes["id"] for h in tree.css(":is(h1, h2, h3, h4, h5, h6)[id]")]
        numbered = [i for i in ids if re.fullmatch(r"_\d*", i)]
        assert not numbered, f"{page.relative_to(built_site)}: unreadable heading ids {numbered}"
    basics = {node.attributes["id"] for node in
              pages[built_site / "pytorch-basics" / "index.html"].css("[id]")}
    assert {"학습-목표", "자주-하는-실수"} <= basics


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: str(p.relative_to(DOCS)))
def test_chapter_follows_the_page_skeleton(chapter):
    headings = re.findall(r"^## (.+?)\s*$", chapter.read_text(encoding="utf-8"), re.M)
    assert headings, f"{chapter}: no ## headings"
    assert headings[0] == SKELETON_START, f"{chapter}: first ## must be {SKELETON_START}"
    assert headings[-3:] == SKELETON_END, f"{chapter}: last ## must be {SKELETON_END}"
    assert len(headings) > 4, f"{chapter}: no body sections between the fixed headings"
    assert "seed" in front_matter(chapter), f"{chapter}: front matter needs seed:"


def test_chapters_are_all_in_nav():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for chapter in CHAPTERS:
        assert str(chapter.relative_to(DOCS)) in config, f"{chapter} is not in the nav"


def test_search_index_finds_korean_words(built_site):
    index = read_index(built_site)
    assert index["config"]["lang"] == ["ko"]
    text = " ".join(doc["text"] + doc["title"] for doc in index["docs"])
    for word in ("텐서", "기울기", "자동 미분", "브로드캐스팅"):
        assert word in text, f"search index has no {word!r}"


def test_no_typed_output_fences_in_docs():
    for page in DOCS.rglob("*.md"):
        for fence in extract_fences(page.read_text(encoding="utf-8"), page):
            assert fence.lang not in ("text", "console", "output", "txt"), (
                f"{fence.label}: outputs come from execution, never typed by hand"
            )


def test_each_chapter_states_where_its_outputs_were_executed(built_site):
    import torch

    for chapter in CHAPTERS:
        html = built_page_path(chapter, DOCS, built_site).read_text(encoding="utf-8")
        assert html.count('class="book-provenance"') == 1, chapter
        assert f"torch {torch.__version__}" in html, chapter


def test_internal_links_and_their_anchors_resolve_in_the_built_site(built_site):
    pages = parsed_pages(built_site)
    ids = {page.resolve(): {tag.attributes["id"] for tag in tree.css("[id]")}
           for page, tree in pages.items()}
    for page, tree in pages.items():
        for link in tree.css("a[href]"):
            href = link.attributes["href"]
            target = urlsplit(href)
            if target.scheme or target.netloc or target.path.startswith("/"):
                continue
            resolved = (page.parent / unquote(target.path)).resolve() if target.path else page
            if resolved.is_dir():
                resolved = resolved / "index.html"
            where = f"{page.relative_to(built_site)}: {href}"
            if resolved == built_site / PDF_NAME:
                continue  # written after the build by `dev.py pdf`; tests/test_pdf.py follows it
            assert resolved.exists(), f"broken link {where}"
            if target.fragment and resolved.suffix == ".html" and not target.fragment.startswith(
                    "__codelineno"):
                assert unquote(target.fragment) in ids[resolved], f"no such anchor: {where}"


def test_no_page_shows_a_hidden_line(built_site):
    """A line marked ``# markdown-exec: hide`` runs but is never shown; a block whose hidden
    code printed its own source (a traced graph, a traceback) would show it in the output."""
    shown = [str(page.relative_to(built_site)) for page in built_site.rglob("*.html")
             if "markdown-exec: hide" in page.read_text(encoding="utf-8")]
    assert shown == []
