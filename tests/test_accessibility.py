"""Every built page passes axe-core's WCAG 2 A/AA rules, in the light and the dark scheme.

axe-core is vendored under tests/vendor/axe-core (VERSION.txt); it is injected into each page
only here, never served by the site. Each page is loaded once at 1280 px: the dark scheme is the
same page with Material's ``data-md-color-scheme`` switched, as its palette toggle does; then the
page is narrowed to a phone's 390 px, where more regions scroll, and checked for those.
"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

from tests.test_browser import browser, site_pages, site_url  # noqa: F401  (fixtures)

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
# The package's own sri-history.json entry for axe.min.js 4.14.1.
AXE_SRI = "sha256-KTSJmUUM3yhJqOcLeRL8LahahJ2jnA0NU5T1HUqe2Vw="
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BLOCKING = ("serious", "critical")
SCHEMES = ("default", "slate")
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
PHONE_RULES = ["scrollable-region-focusable"]
NODES_SHOWN = 3
LOAD_MS = 120_000

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


def test_vendored_axe_is_the_published_file():
    digest = base64.b64encode(hashlib.sha256(AXE.read_bytes()).digest()).decode()
    assert f"sha256-{digest}" == AXE_SRI


# (label, scheme, viewport, which axe rules): WCAG A/AA at 1280 px in both schemes, then the
# scrolling rule again at a phone's width, where more code, math and tables overflow.
CHECKS = [
    ("light", "default", DESKTOP, {"type": "tag", "values": TAGS}),
    ("dark", "slate", DESKTOP, {"type": "tag", "values": TAGS}),
    ("light, 390 px", "default", PHONE, {"type": "rule", "values": PHONE_RULES}),
]


def page_violations(page) -> list[tuple[str, dict]]:
    """Run every check on an opened page: (check label, axe violation) of any impact."""
    page.add_script_tag(path=str(AXE))
    found = []
    for label, scheme, viewport, run_only in CHECKS:
        page.set_viewport_size(viewport)
        page.evaluate(SET_SCHEME, scheme)
        found += [(label, violation) for violation in page.evaluate(RUN_AXE, run_only)]
    return found


def describe(path: str, label: str, violation: dict) -> str:
    lines = [f"/{path.lstrip('/')} [{label}] {violation['id']} ({violation['impact']}, "
             f"{len(violation['nodes'])} nodes): {violation['help']}"]
    for node in violation["nodes"][:NODES_SHOWN]:
        summary = " ".join((node["summary"] or "").split())[:200]
        lines.append(f"    {node['target']}: {summary}")
    return "\n".join(lines)


def test_no_serious_accessibility_violation_on_any_page(browser, site_url, built_site):  # noqa: F811
    pages = site_pages(built_site)
    assert len(pages) > 20
    found, counts = [], {}
    for path in pages:
        page = browser.new_page(viewport=DESKTOP)
        # On a busy machine a page can take longer than Playwright's default 30 s to go idle.
        page.goto(f"{site_url}/{path.lstrip('/')}", wait_until="networkidle", timeout=LOAD_MS)
        for label, violation in page_violations(page):
            if violation["impact"] in BLOCKING:
                found.append(describe(path, label, violation))
                counts[violation["id"]] = counts.get(violation["id"], 0) + len(violation["nodes"])
        page.close()
    total = sum(counts.values())
    assert not found, f"{total} serious/critical nodes by rule {counts}:\n" + "\n".join(found)
