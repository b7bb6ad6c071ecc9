"""The built book in headless Chromium, for the browser and accessibility tests (their
fixtures are in tests/browser_fixtures.py).

Every page of the book is visited once: loaded at 1280 px, checked by axe-core in the light
scheme, switched to the dark scheme and checked again for colours, narrowed to a phone's 375 px
and measured, then widened again to measure its autograd graphs. The tests assert on the visit's
record (:func:`visit_page`), each on its own part, and are parametrized by page
(:data:`PAGE_PARAMS`) so ``pytest -n`` can spread the pages.
Every run visits every page: no record of an earlier run is reused.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from bookkit.browser import find_chromium
from bookkit.pages import built_page_path
from bookkit.settings import environment

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CHROMIUM = find_chromium()
REQUIRED = environment().get("BOOK_BROWSER_REQUIRED") == "1"

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
# The axe rules of TAGS that read colours: the only ones the dark scheme can change, because the
# scheme changes colours only (the visit checks that each page's DOM and boxes stay the same).
COLOUR_RULES = """tags => axe.getRules(tags)
    .filter(rule => rule.tags.includes('cat.color')).map(rule => rule.ruleId)"""
PHONE_RULES = ["scrollable-region-focusable"]  # more code, math and tables overflow at 375 px
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 812}  # the narrowest common phone
LOAD_MS = 120_000  # on a busy machine a page can take longer than 30 s to go idle


def skip_without_chromium() -> None:
    """Skip the calling test module without Chromium, unless BOOK_BROWSER_REQUIRED=1."""
    if CHROMIUM is None:
        if REQUIRED:
            raise RuntimeError("BOOK_BROWSER_REQUIRED=1 but no Chromium (set BOOK_CHROMIUM)")
        pytest.skip("no Chromium (set BOOK_CHROMIUM)", allow_module_level=True)


def book_pages() -> list[str]:
    """The site path of every page the build makes from docs/, sorted ("" is the home page)."""
    paths = []
    for source in [*DOCS.rglob("*.md"), *DOCS.rglob("*.ipynb")]:
        folder = built_page_path(source, DOCS, Path(".")).parent.as_posix()
        paths.append("" if folder == "." else folder + "/")
    return sorted(paths)


def site_pages(site: Path) -> list[str]:
    """The site path of every page in a built site, sorted like :func:`book_pages`."""
    paths = [
        p.parent.relative_to(site).as_posix()
        for p in site.rglob("index.html")
        if "assets" not in p.parts
    ]
    return sorted("" if path == "." else path + "/" for path in paths)


# Known at collection, the same in every xdist worker. Under ``pytest -n`` a page visited by one
# worker is read by the other from the remembered visits. A page's tests also share an xdist
# group, for ``--dist loadgroup``, which with pytest 9.2 and xdist 3.8.0 does not group yet
# (xdist sets ``item._nodeid``, which pytest 9.2 no longer reads).
PAGE_PARAMS = [
    pytest.param(path, id=path or "/", marks=pytest.mark.xdist_group(path or "/"))
    for path in book_pages()
]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep the test output clean
        pass


def serve_site(site: Path):
    """The URL of ``site`` served on 127.0.0.1 while the block runs."""
    return serve(functools.partial(QuietHandler, directory=str(site)))


@contextlib.contextmanager
def serve(handler):
    """The URL that ``handler`` (an ``http.server`` request handler) answers on 127.0.0.1
    while the block runs."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def _record_requests(page, outside: list[str], loaded: list[str] | None) -> None:
    """Block every request of ``page`` that leaves 127.0.0.1, recording it into ``outside``, and
    record into ``loaded`` the path of every other."""

    def route(route):
        address = urlparse(route.request.url)
        if address.hostname not in ("127.0.0.1", "localhost"):
            outside.append(route.request.url)
            return route.abort()
        if loaded is not None:
            loaded.append(unquote(address.path))
        return route.continue_()

    page.route("**/*", route)


def open_page(browser, url: str, loaded: list[str] | None = None, **options):
    """Open ``url`` in a new page, recording every request that leaves 127.0.0.1 (and blocking
    it), and into ``loaded`` the path of every one that does not."""
    page = browser.new_page(**options)
    outside: list[str] = []
    _record_requests(page, outside, loaded)
    page.goto(url, wait_until="networkidle", timeout=LOAD_MS)
    return page, outside


# Run at the start of every document the visiting tab loads: each page finds the empty storage
# of a first visit (Material keeps there, for one, the tab chosen in linked tab sets).
FORGET_STORAGE = "localStorage.clear(); sessionStorage.clear();"


class Tab:
    """One browser tab that visits the book's pages one after another, each page as a first
    visit: an empty storage, 1280 px wide, its requests that leave 127.0.0.1 blocked and listed
    in ``outside`` as :func:`open_page` does.

    A new page for each visit started a renderer and compiled the site's scripts anew every
    time: a quarter to a third of the visits' CPU. Routed requests bypass the HTTP cache, so
    each page still loads every file it uses. A crashed renderer costs one visit at most.
    """

    def __init__(self, browser):
        self.context = browser.new_context(viewport=DESKTOP)
        self.context.add_init_script(FORGET_STORAGE)
        self.page = None
        self.outside: list[str] = []

    def open(self, url: str):
        """The tab's page, at ``url``; ``outside`` is this visit's from now on. A page that
        fails to load (its renderer crashed, in this visit or the one before) is loaded once
        more in a new page."""
        from playwright.sync_api import Error

        if self.page is None or self.page.is_closed():
            self._new_page()
        self.outside.clear()
        try:
            self._load(url)
        except Error:
            self._new_page()
            self._load(url)
        return self.page

    def leave(self) -> list[str]:
        """End the visit: the page is unloaded, so what it asked for until then is counted in
        its ``outside``, not in the next page's; that list."""
        if not self.page.is_closed():
            self.page.goto("about:blank")
        return list(self.outside)

    def _new_page(self) -> None:
        if self.page is not None and not self.page.is_closed():
            self.page.close()
        self.page = self.context.new_page()
        _record_requests(self.page, self.outside, None)

    def _load(self, url: str) -> None:
        self.page.set_viewport_size(DESKTOP)
        self.page.goto(url, wait_until="networkidle", timeout=LOAD_MS)

    def close(self) -> None:
        self.context.close()


RUN_AXE = """async runOnly => {
  const result = await axe.run(document, {runOnly, resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}));
}"""

# Material's colours fade (CSS transitions), and axe must see the new scheme's final colours.
# Waiting for the fades left some links mid-fade, so the scheme is switched with transitions
# off and the whole page's styles computed before they are back on: nothing is left to fade.
# Layout alone does not compute every element's colours (a busy machine left the code blocks'
# copy-button bars to fade later), so each element's colours are read while fades are off.
SET_SCHEME = """scheme => {
  const still = document.createElement('style');
  still.textContent = '*, *::before, *::after { transition: none !important; }';
  document.head.append(still);
  document.body.setAttribute('data-md-color-scheme', scheme);
  for (const element of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(element);
    style.color + style.backgroundColor + style.borderColor;  // computed now, with no fades
  }
  document.body.getBoundingClientRect();  // and laid out
  still.remove();
}"""

# Two frames drawn: the page's resize observers (Material's) have seen a new width.
NEXT_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"

# Every element's text and background colour, to compare a scheme's colours over time.
COLOURS = """() => [...document.body.querySelectorAll('*')].map(e => {
  const s = getComputedStyle(e); return `${s.color} / ${s.backgroundColor}`; })"""

# What a scheme must leave alone for the colour rules to be the only ones it can change: the
# DOM under <body> and every element's box and visibility (what axe's other rules read).
LAYOUT = """() => [document.body.innerHTML, ...[...document.body.querySelectorAll('*')]
  .map(e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
              return [e.tagName, Math.round(r.x), Math.round(r.y), Math.round(r.width),
                      Math.round(r.height), s.display, s.visibility, s.opacity,
                      s.overflowX, s.overflowY].join(' '); })]"""


# LAYOUT kept in the page under a name, compared there, and read only when two differ: the three
# layouts of all pages were 31 MB to send and parse (2.5 MB of the longest page), and a page's
# two schemes almost always give the same one.
KEEP_LAYOUT = f"name => {{ (window.__bookLayouts ??= {{}})[name] = ({LAYOUT})(); }}"
SAME_LAYOUTS = """([a, b]) => { const x = window.__bookLayouts[a], y = window.__bookLayouts[b];
  return x.length === y.length && x.every((line, i) => line === y[i]); }"""
KEPT_LAYOUTS = """() => {
  const kept = window.__bookLayouts; delete window.__bookLayouts; return kept; }"""


def scheme_changes(light: list[str], dark: list[str], light_again: list[str]) -> list[str]:
    """What the dark scheme changed besides colours: the parts of the ``LAYOUT`` taken in the
    dark scheme that differ both from the light one before it and from the light one after it.

    A change that stays when the page is light again did not come from the scheme: the page
    itself changed meanwhile (on a busy machine a ResizeObserver can set a scroll region's
    ``tabindex`` late), so it is not counted.
    """
    if dark[0] != light[0] and dark[0] != light_again[0]:
        return ["the DOM under <body>"]
    befores = [side[1:] if len(side) == len(dark) else [None] * (len(dark) - 1)
               for side in (light, light_again)]
    return [f"{before} -> {box}" for box, before, after in zip(dark[1:], *befores, strict=True)
            if box != before and box != after]


# At a phone's width: the article's font, Hangul in the served face, the faces in use, and how
# far the page is wider than the window.
PHONE_MEASURES = """() => ({
  family: getComputedStyle(document.querySelector('article')).fontFamily,
  hangul: document.fonts.check('16px "Pretendard Book"', '가'),
  loaded: [...document.fonts].filter(f => f.status === 'loaded').map(f => f.family),
  overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
})"""


# Back at 1280 px: [shown, full] width of every autograd graph's scroll box, a graph in a closed
# tab too (its tab is opened to measure it).
GRAPH_WIDTHS = """() => [...document.querySelectorAll('.book-graph__scroll')].map(box => {
  const block = box.closest('.tabbed-block');
  if (block) {
    const index = [...block.parentElement.children].indexOf(block);
    block.closest('.tabbed-set').querySelectorAll(':scope > input')[index].click();
  }
  return [box.clientWidth, box.scrollWidth];
})"""


def visit_page(tab: Tab, url: str) -> dict:
    """Load ``url`` once in ``tab`` and record what every per-page test reads.

    ``axe`` holds the violations (any impact) of: ``light`` (WCAG A/AA at 1280 px), ``dark``
    (the colour rules in Material's dark scheme) and ``phone`` (the scrolling rule at 375 px);
    ``dark_layout`` what the dark scheme changed besides colours (:func:`scheme_changes`:
    nothing, or the dark pass would need every rule); ``phone`` the font and width measures at
    375 px; ``graphs`` the autograd graphs' widths back at 1280 px; ``outside`` the requests
    that left 127.0.0.1.
    """
    page = tab.open(url)
    page.evaluate("document.fonts.ready.then(() => true)")
    page.add_script_tag(path=str(AXE))
    axe = {"light": page.evaluate(RUN_AXE, {"type": "tag", "values": TAGS})}
    page.evaluate(KEEP_LAYOUT, "light")
    page.evaluate(SET_SCHEME, "slate")
    page.evaluate(KEEP_LAYOUT, "dark")
    colour_rules = page.evaluate(COLOUR_RULES, TAGS)
    axe["dark"] = page.evaluate(RUN_AXE, {"type": "rule", "values": colour_rules})
    page.evaluate(SET_SCHEME, "default")
    dark_layout = []
    if not page.evaluate(SAME_LAYOUTS, ["light", "dark"]):
        page.evaluate(KEEP_LAYOUT, "light_again")
        kept = page.evaluate(KEPT_LAYOUTS)
        dark_layout = scheme_changes(kept["light"], kept["dark"], kept["light_again"])
    page.evaluate("() => { delete window.__bookLayouts; }")
    page.set_viewport_size(PHONE)
    page.evaluate(NEXT_FRAMES)  # Material marks the regions that now scroll when it sees them
    phone = page.evaluate(PHONE_MEASURES)
    axe["phone"] = page.evaluate(RUN_AXE, {"type": "rule", "values": PHONE_RULES})
    page.set_viewport_size(DESKTOP)
    graphs = page.evaluate(GRAPH_WIDTHS)
    return {
        "axe": axe,
        "colour_rules": colour_rules,
        "dark_layout": dark_layout,
        "phone": phone,
        "graphs": graphs,
        "outside": tab.leave(),
    }
