"""The built book in a real browser (headless Chromium): offline, math, graphs, Korean search.

Needs Chromium (Debian package `chromium-headless-shell` or `chromium`). Without it the tests are
skipped, except where BOOK_BROWSER_REQUIRED=1 (set by .ci/run, which installs Chromium): there a
missing browser fails.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

import pytest
from selectolax.lexbor import LexborHTMLParser

from tests.browser_pages import (
    PAGE_PARAMS,
    PHONE,
    book_pages,
    open_page,
    site_pages,
    skip_without_chromium,
)

skip_without_chromium()
pytest_plugins = ["tests.browser_fixtures"]
pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("path", PAGE_PARAMS)
def test_pages_request_nothing_from_other_hosts(page_visit, path):
    outside = page_visit(path)["outside"]
    assert outside == [], f"/{path} requested {outside}"


def test_autograd_graph_renders(browser, visiting_tab, site_url):
    page = visiting_tab.open(f"{site_url}/tensors-and-autograd/graph-capture/")
    # The autograd graphs are SVG drawn at build time: there from the start, no script needed.
    heights = page.eval_on_selector_all(
        "figure.book-graph svg", "els => els.map(e => e.getBoundingClientRect().height)"
    )
    assert len(heights) >= 2 and all(height > 40 for height in heights[:1]), heights
    assert visiting_tab.leave() == []
    without_script = browser.new_page(java_script_enabled=False)
    without_script.goto(f"{site_url}/tensors-and-autograd/graph-capture/")
    graph = without_script.locator("figure.book-graph svg").first
    assert graph.is_visible() and graph.bounding_box()["height"] > 40
    without_script.close()


@pytest.mark.parametrize("path", PAGE_PARAMS)
def test_no_graph_scrolls_sideways_in_a_wide_window(page_visit, built_site, path):
    """At 1280 px every autograd graph fits the column (one too long to fit left to right runs
    top to bottom), those in a closed tab too (opened to be measured)."""
    html = (built_site / path / "index.html").read_text(encoding="utf-8")
    graphs = page_visit(path)["graphs"]
    assert len(graphs) == len(LexborHTMLParser(html).css(".book-graph__scroll"))
    unmeasured = [shown for shown, _ in graphs if shown == 0]
    wide = [f"{full}px in {shown}px" for shown, full in graphs if full > shown]
    assert unmeasured == [] and wide == [], f"/{path}: {wide or 'a graph was not shown'}"


QUERIES = [
    tuple(line.split("\t"))
    for line in (Path(__file__).parent / "search_queries.tsv").read_text("utf-8").splitlines()
    if line.strip() and not line.startswith("#")
]


def search_results(page, query: str, timeout: int = 10_000) -> list[str]:
    """The pages (paths under the site root) Material's search box lists for ``query``."""
    search = page.locator("input.md-search__input")
    # First the empty query, until the meta line asks for one: then the next results shown can
    # only be this query's, not the last one's.
    for text, shown in (("", True), (query, False)):
        search.fill(text)
        search.press("End")  # Hangul typed by fill() fires no key event; this one runs the search
        page.wait_for_function(
            """([q, prompt]) => { const m = document.querySelector('.md-search-result__meta');
                 return m && document.querySelector('input.md-search__input').value === q
                   && /Type to start|입력/.test(m.textContent) === prompt
                   && !/Initializing/.test(m.textContent); }""",
            arg=[text, shown],
            timeout=timeout,
        )
    hrefs = page.eval_on_selector_all(
        "li.md-search-result__item > a", "links => links.map(a => a.href)"
    )
    paths: list[str] = []
    for href in hrefs:
        path = urlparse(href).path.lstrip("/")
        if path not in paths:
            paths.append(path)
    return paths


def test_korean_search_finds_the_right_page_for_every_query(browser, site_url):
    assert len(QUERIES) >= 30
    page, outside = open_page(browser, f"{site_url}/")
    page.click("label.md-search__icon, .md-search__input")
    misses = []
    for number, (query, expected) in enumerate(QUERIES):
        # The documents are fetched and indexed when search opens: the first query waits.
        found = search_results(page, query, timeout=60_000 if number == 0 else 10_000)
        if expected not in found[:5]:
            misses.append(f"{query!r}: wanted {expected}, got {found[:5]}")
    assert misses == []
    assert outside == []
    page.close()


def test_every_built_page_is_visited(built_site):
    """The per-page tests are parametrized by the pages of docs/, known before the build."""
    assert site_pages(built_site) == book_pages()


@pytest.mark.parametrize("path", PAGE_PARAMS)
def test_text_is_drawn_with_the_served_korean_font(page_visit, path):
    phone = page_visit(path)["phone"]
    family, loaded = phone["family"], phone["loaded"]
    assert family.startswith('"Pretendard Book", "Pretendard Variable"'), family
    assert phone["hangul"]
    # The page's text comes from the site's one cut font, not from dynamic-subset slices.
    assert "Pretendard Book" in loaded and "Pretendard Variable" not in loaded, loaded


@pytest.mark.parametrize("path", PAGE_PARAMS)
def test_no_page_scrolls_sideways_on_a_phone(page_visit, path):
    overflow = page_visit(path)["phone"]["overflow"]
    assert overflow <= 0, f"/{path}: {overflow}px too wide at {PHONE['width']} px"


def test_lab_notebook_page_offers_its_ipynb(visiting_tab, site_url):
    page = visiting_tab.open(f"{site_url}/labs/autograd-bugs/")
    link = page.locator("a.book-notebook-download")
    assert link.count() == 1
    response = page.request.get(f"{site_url}/labs/autograd-bugs/{link.get_attribute('href')}")
    assert response.ok
    notebook = response.json()
    assert notebook["nbformat"] == 4 and len(notebook["cells"]) > 5
    assert visiting_tab.leave() == []


KATEX_FONTS_LOADED = (
    "[...document.fonts].filter(f => f.family === 'KaTeX_Main' && f.status === 'loaded').length"
)


@pytest.mark.parametrize(
    "path, prose",
    [
        ("first-steps/finite-differences/", "article"),
        ("labs/autograd-bugs/", ".jp-RenderedMarkdown"),
    ],
)
def test_math_is_set_at_build_time(browser, site_url, path, prose):
    """Without JavaScript, formulas show as KaTeX set them at build time, in KaTeX's fonts, with
    MathML for screen readers; no TeX is left for a script to set."""
    page = browser.new_page(java_script_enabled=False)
    page.goto(f"{site_url}/{path}", wait_until="load")
    drawn = page.locator(".arithmatex .katex-html[aria-hidden='true']")
    assert drawn.count() >= 5
    assert page.locator(".arithmatex .katex-mathml math").count() == drawn.count()
    display = page.locator(f"{prose} .katex-display .katex-html").first
    assert display.is_visible() and display.bounding_box()["height"] > 30  # two lines, e.g. a/b
    text = " ".join(page.locator(prose).all_inner_texts())
    assert not any(mark in text for mark in ("\\(", "\\[", "$")), "TeX left unset"
    assert page.evaluate(KATEX_FONTS_LOADED) >= 1
    assert page.locator("script[src*='katex']").count() == 0
    page.close()


def test_math_stylesheet_only_where_used(visiting_tab, site_url):
    """Page weight: no page loads a KaTeX script; only pages with math link its stylesheet."""
    page = visiting_tab.open(f"{site_url}/glossary/")
    assert page.locator(".arithmatex").count() == 0
    assert page.locator("link[href*='katex'], script[src*='katex']").count() == 0
    assert visiting_tab.leave() == []
    page = visiting_tab.open(f"{site_url}/tensors/")  # math
    assert page.locator(".arithmatex .katex").count() >= 1
    assert page.locator("link[href*='katex']").count() == 1
    assert page.evaluate("typeof katex === 'undefined'")
    assert visiting_tab.leave() == []


def test_search_documents_are_fetched_when_search_opens(browser, site_url):
    """Page weight: the search documents (most of the index) wait until the reader searches."""
    page = browser.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(urlparse(request.url).path))
    page.goto(f"{site_url}/glossary/", wait_until="networkidle")
    # Material shows its "type to search" placeholder once its worker has answered the empty
    # query it sends at start: by then anything the worker fetches at load has been requested.
    page.wait_for_function(
        "() => /입력/.test(document.querySelector('.md-search-result__meta').textContent)",
        timeout=30_000,
    )
    assert "/search/search_index.json" in requests
    assert "/search/search_docs.json" not in requests
    with page.expect_request(lambda r: r.url.endswith("/search/search_docs.json"), timeout=10_000):
        page.click("label.md-search__icon, .md-search__input")
    page.close()


def test_korean_text_breaks_between_words_and_captions_stay_upright(visiting_tab, site_url):
    """Korean prose wraps only between words (word-break: keep-all), and a plot's caption is not
    a synthesized italic (Pretendard has none)."""
    page = visiting_tab.open(f"{site_url}/tensors/operations/")
    styles = page.evaluate("""() => ({
        prose: getComputedStyle(document.querySelector('article p')).wordBreak,
        caption: getComputedStyle(document.querySelector('figure.book-plot figcaption')).fontStyle,
        links: [...document.querySelectorAll('a.headerlink')].map(a => a.title),
    })""")
    visiting_tab.leave()
    assert styles["prose"] == "keep-all" and styles["caption"] == "normal", styles
    titles = set(styles["links"])
    assert styles["links"] and titles == {"이 절을 가리키는 링크"}, titles


def test_the_glossary_reads_on_a_phone(browser, site_url):
    """At a phone's width (390 px then) a four-column glossary cut its "나오는 곳" column to
    100 px and made rows of 864 px; each term is now a card whose links all show."""
    page, _ = open_page(browser, f"{site_url}/glossary/", viewport=PHONE)
    sizes = page.evaluate("""() => {
        const rows = [...document.querySelectorAll('table[data-glossary] tbody tr')];
        const where = rows.map(r => r.cells[3]);
        return {rows: rows.length, tallest: Math.max(...rows.map(r => r.offsetHeight)),
                narrowest: Math.min(...where.map(c => c.offsetWidth)),
                cut: where.filter(c => c.scrollWidth > c.clientWidth + 1).length};
    }""")
    page.close()
    assert sizes["rows"] > 50, sizes
    assert sizes["narrowest"] > 300 and sizes["cut"] == 0, sizes
    assert sizes["tallest"] < 300, sizes
