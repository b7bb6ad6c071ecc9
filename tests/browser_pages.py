"""The built book in headless Chromium, for the browser and accessibility tests (their
fixtures are in tests/browser_fixtures.py).

Every page of the book is visited once: loaded at 1280 px, checked by axe-core in the light
scheme, switched to the dark scheme and checked again for colours, then narrowed to a phone's
390 px and measured. The tests assert on the visit's record (:func:`visit_page`), each on its own
part, and are parametrized by page (:data:`PAGE_PARAMS`) so ``pytest -n`` can spread the pages.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

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
PHONE_RULES = ["scrollable-region-focusable"]  # more code, math and tables overflow at 390 px
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
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


# Known at collection, the same in every xdist worker. A page's tests share one xdist group, so
# ``--dist loadgroup`` runs them in one worker, which visits the page once.
PAGE_PARAMS = [
    pytest.param(path, id=path or "/", marks=pytest.mark.xdist_group(path or "/"))
    for path in book_pages()
]


def open_page(browser, url: str, **options):
    """Open ``url``, recording every request that leaves 127.0.0.1 (and blocking it)."""
    page = browser.new_page(**options)
    outside: list[str] = []

    def route(route):
        if urlparse(route.request.url).hostname not in ("127.0.0.1", "localhost"):
            outside.append(route.request.url)
            return route.abort()
        return route.continue_()

    page.route("**/*", route)
    page.goto(url, wait_until="networkidle", timeout=LOAD_MS)
    return page, outside


RUN_AXE = """async runOnly => {
  const result = await axe.run(document, {runOnly, resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}));
}"""

# Material's colours fade (CSS transitions): axe must see the new scheme's final colours.
SET_SCHEME = """async scheme => {
  document.body.setAttribute('data-md-color-scheme', scheme);
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  await Promise.all(document.getAnimations()
    .filter(a => a instanceof CSSTransition).map(a => a.finished.catch(() => null)));
}"""

# What a scheme must leave alone for the colour rules to be the only ones it can change: the
# DOM under <body> and every element's box and visibility (what axe's other rules read).
LAYOUT = """() => [document.body.innerHTML, ...[...document.body.querySelectorAll('*')]
  .map(e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
              return [e.tagName, Math.round(r.x), Math.round(r.y), Math.round(r.width),
                      Math.round(r.height), s.display, s.visibility, s.opacity,
                      s.overflowX, s.overflowY].join(' '); })]"""
LAYOUT_CHANGES = (
    "before => { const now = ("
    + LAYOUT
    + """)();
  if (now[0] !== before[0]) return ['the DOM under <body>'];
  return now.slice(1).map((box, i) => [box, before[i + 1]])
    .filter(([box, old]) => box !== old).map(([box, old]) => `${old} -> ${box}`); }"""
)

# At a phone's width: the article's font, Hangul in the served face, the faces in use, and how
# far the page is wider than the window.
PHONE_MEASURES = """() => ({
  family: getComputedStyle(document.querySelector('article')).fontFamily,
  hangul: document.fonts.check('16px "Pretendard Book"', '가'),
  loaded: [...document.fonts].filter(f => f.status === 'loaded').map(f => f.family),
  overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
})"""


def visit_page(browser, url: str) -> dict:
    """Load ``url`` once and record what every per-page test reads.

    ``axe`` holds the violations (any impact) of: ``light`` (WCAG A/AA at 1280 px), ``dark``
    (the colour rules in Material's dark scheme) and ``phone`` (the scrolling rule at 390 px);
    ``dark_layout`` what the dark scheme changed besides colours (nothing, or the dark pass
    would need every rule); ``phone`` the font and width measures at 390 px; ``outside`` the
    requests that left 127.0.0.1.
    """
    page, outside = open_page(browser, url, viewport=DESKTOP)
    page.evaluate("document.fonts.ready.then(() => true)")
    page.add_script_tag(path=str(AXE))
    axe = {"light": page.evaluate(RUN_AXE, {"type": "tag", "values": TAGS})}
    light = page.evaluate(LAYOUT)
    page.evaluate(SET_SCHEME, "slate")
    dark_layout = page.evaluate(LAYOUT_CHANGES, light)
    colour_rules = page.evaluate(COLOUR_RULES, TAGS)
    axe["dark"] = page.evaluate(RUN_AXE, {"type": "rule", "values": colour_rules})
    page.set_viewport_size(PHONE)
    page.evaluate(SET_SCHEME, "default")
    phone = page.evaluate(PHONE_MEASURES)
    axe["phone"] = page.evaluate(RUN_AXE, {"type": "rule", "values": PHONE_RULES})
    page.close()
    return {
        "axe": axe,
        "colour_rules": colour_rules,
        "dark_layout": dark_layout,
        "phone": phone,
        "outside": outside,
    }
