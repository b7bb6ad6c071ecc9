"""The book as one PDF (bookkit/mkdocs/pdf.py, ``dev.py pdf``), read back with pypdf and PDFium.

What is expected comes from the nav in mkdocs.yml and the built pages, never from this file:
every page's title (its h1) in the text and in the outline, in nav order; one executed output of
every page that has one; a page number on every page but the cover; in the contents, the page
each entry's link and outline entry land on; the home page's link to the PDF.

Needs Chromium, like tests/test_browser.py: skipped without it, except where
BOOK_BROWSER_REQUIRED=1 (set by .ci/run), where a missing browser fails.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from conftest import made_once
from mkdocs.utils import yaml_load
from selectolax.lexbor import LexborHTMLParser

from bookkit.mkdocs import pdf as pdf_module
from bookkit.mkdocs.pdf import MISSING, PDF_NAME, make_pdf, mark_pdf_link
from bookkit.pages import built_page_path
from tests.browser_pages import skip_without_chromium

ROOT = Path(__file__).resolve().parent.parent
skip_without_chromium()
pytest_plugins = ["tests.browser_fixtures"]  # the test process's one browser prints the book
pytestmark = pytest.mark.e2e  # prints the whole book in Chromium


def squeeze(text: str) -> str:
    """Text without whitespace: PDF extraction breaks lines and spaces glyphs its own way."""
    return re.sub(r"\s+", "", text)


def nav_sources() -> list[str]:
    with (ROOT / "mkdocs.yml").open(encoding="utf-8") as stream:
        nav = yaml_load(stream)["nav"]

    def walk(items):
        for item in items:
            value = next(iter(item.values())) if isinstance(item, dict) else item
            yield from walk(value) if isinstance(value, list) else [value]

    return list(walk(nav))


@functools.cache  # two tests read it
def expected(site: Path) -> list[tuple[str, str, str | None]]:
    """(source, title, one line of its first executed output) of every page in the nav."""
    pages = []
    for source in nav_sources():
        path = built_page_path(ROOT / "docs" / source, ROOT / "docs", site)
        article = LexborHTMLParser(path.read_text(encoding="utf-8")).css_first("article")
        for link in article.css("a.headerlink, a.anchor-link"):
            link.decompose()
        title = article.css_first("h1").text(separator=" ", strip=True)
        output = article.css_first(".result pre, .jp-OutputArea-output pre")
        lines = [line for line in output.text().splitlines() if line.strip()] if output else []
        pages.append((source, title, max(lines, key=len) if lines else None))
    return pages


@pytest.fixture(scope="module")
def printed_book(built_site: Path, browser, tmp_path_factory, worker_id):
    """The PDF read twice: its structure (outline, links, destinations) by pypdf, the text of
    its pages by PDFium (pypdfium2), which reads the 340 pages in about 2 s of CPU where
    pypdf's ``extract_text`` takes about 40 s.

    Printed once per run (:func:`conftest.made_once`): under ``pytest -n`` the first worker to
    need it prints it, and the others wait for it and read it; the workers' builds of the book
    are the same."""
    import pypdfium2
    from pypdf import PdfReader

    folder = made_once(tmp_path_factory, worker_id, "pdf",
                       lambda made: make_pdf(built_site, made / PDF_NAME, browser=browser))
    out = folder / PDF_NAME
    document = pypdfium2.PdfDocument(out)
    texts = [page.get_textpage().get_text_range() for page in document]
    document.close()
    return PdfReader(out), texts


def outline_entries(reader) -> list[tuple[str, int]]:
    """(title, page it lands on) of every outline entry, in order."""
    entries: list[tuple[str, int]] = []

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                page = reader.get_destination_page_number(item) + 1
                entries.append((squeeze(item.title), page))

    walk(reader.outline)
    return entries


def outline_titles(reader) -> list[str]:
    return [title for title, _ in outline_entries(reader)]


def test_every_chapter_and_one_output_of_each_are_in_the_pdf(printed_book, built_site):
    reader, texts = printed_book
    text = squeeze("".join(texts))
    outline = outline_titles(reader)
    pages = expected(built_site)
    assert sum(1 for _, _, output in pages if output) >= 20
    missing, position = [], 0
    for source, title, output in pages:
        if squeeze(title) not in text:
            missing.append(f"{source}: title {title!r} not in the text")
        if squeeze(title) not in outline[position:]:
            missing.append(f"{source}: title {title!r} not in the outline after the one before")
        else:
            position = outline.index(squeeze(title), position) + 1
        if output and squeeze(output) not in text:
            missing.append(f"{source}: output line {output!r} not in the text")
    assert missing == []


def test_every_page_but_the_cover_has_its_number_and_the_site_links_to_the_pdf(
    printed_book, built_site
):
    reader, texts = printed_book
    total = len(texts)
    assert total > len(nav_sources())
    assert f"/ {total}" not in texts[0]  # the cover
    unnumbered = [n for n, page in enumerate(texts[1:], 2) if f"{n} / {total}" not in page]
    assert unnumbered == []
    # The built site has no PDF yet: its home page says how to make one, not a dead link.
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert not (built_site / PDF_NAME).exists() and mark_pdf_link(built_site) is False
    assert "python3 scripts/dev.py pdf</code>로 만듭니다" in home
    assert f'href="{PDF_NAME}"' not in home
    # The PDF's own home page does not offer the PDF for download.
    assert not any("책 전체 PDF" in page for page in texts)


def test_the_home_page_links_the_pdf_once_the_site_has_it(tmp_path):
    (tmp_path / "index.html").write_text(f"<p>{MISSING}</p>", encoding="utf-8")
    (tmp_path / PDF_NAME).write_bytes(b"%PDF-")
    assert mark_pdf_link(tmp_path) is True
    home = BeautifulSoup((tmp_path / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert [a["href"] for a in home.select("a.book-pdf-link")] == [PDF_NAME]
    (tmp_path / PDF_NAME).unlink()
    assert mark_pdf_link(tmp_path) is False
    assert "아직 없습니다" in (tmp_path / "index.html").read_text(encoding="utf-8")


def contents_lines(reader) -> list[tuple[str, int]]:
    """(text, page it lands on) of every link on the contents' sheets: those
    after the cover and before the sheet the first entry links to. A link covers its line from
    the title to the page number; its text is the text on that line, taken by height (the
    rectangle is rounded to whole points, the text starts a fraction of a point left of it)."""
    from pypdf import mult

    def landing(link) -> int:
        return reader.get_destination_page_number(reader.named_destinations[link["/Dest"]]) + 1

    first = reader.pages[1]["/Annots"][0].get_object()
    lines = []
    for page in reader.pages[1 : landing(first) - 1]:
        chunks: list[tuple[float, str]] = []

        def visit(text, cm, tm, font, size, chunks=chunks):
            chunks.append((mult(tm, cm)[5], text))

        page.extract_text(visitor_text=visit)
        for link in (annotation.get_object() for annotation in page["/Annots"]):
            _, bottom, _, top = (float(v) for v in link["/Rect"])
            text = "".join(t for y, t in chunks if bottom <= y <= top)
            lines.append((squeeze(text), landing(link)))
    return lines


def test_the_contents_print_the_page_each_entry_lands_on(printed_book, built_site):
    reader, _ = printed_book
    lines = contents_lines(reader)
    titles = [squeeze(title) for _, title, _ in expected(built_site)]
    assert len(lines) == len(titles)
    outline, position = outline_entries(reader), 0
    wrong = []
    for (text, lands), title in zip(lines, titles, strict=True):
        printed = re.fullmatch(re.escape(title) + r"(\d+)", text)
        position = next(i for i in range(position, len(outline)) if outline[i][0] == title)
        if not printed or int(printed[1]) != lands or outline[position][1] != lands:
            wrong.append(f"{text!r}: links to page {lands}, outline to {outline[position][1]}")
    assert wrong == []


GUESS_DOCUMENT = """<!doctype html><html lang="ko"><head><title>t</title></head>
<body><nav class="book-contents">
<p><a href="#a">가<span class="book-contents-page"></span></a></p>
<p><a href="#b">나<span class="book-contents-page"></span></a></p></nav>
<h1 id="a" style="break-before: page">가</h1><h1 id="b" style="break-before: page">나</h1>
</body></html>"""


def test_the_last_prints_numbers_make_one_print_enough(browser, tmp_path, monkeypatch):
    prints = []
    landing = pdf_module.landing_pages
    monkeypatch.setattr(pdf_module, "landing_pages", lambda *a: prints.append(1) or landing(*a))

    def printed(guess: dict) -> tuple[dict, int]:
        prints.clear()
        return pdf_module._print(browser, tmp_path, GUESS_DOCUMENT, guess)[1], len(prints)

    assert printed({}) == ({"a": 2, "b": 3}, 2)
    assert printed({"a": 2, "b": 3}) == ({"a": 2, "b": 3}, 1)
    assert printed({"a": 2, "b": 4, "gone": 9}) == ({"a": 2, "b": 3}, 2)
