"""Every built page passes axe-core's WCAG 2 A/AA rules, in the light and the dark scheme.

axe-core is vendored under tests/vendor/axe-core (VERSION.txt); it is injected into each page
only here, never served by the site. Each page is visited once (tests/browser_pages.py): checked
at 1280 px, then in the dark scheme, which is the same page with Material's
``data-md-color-scheme`` switched, as its palette toggle does, then at a phone's 375 px, where
more regions scroll. The dark scheme changes colours only, which each page's test below checks,
so there only axe's colour rules run.
"""

from __future__ import annotations

import base64
import hashlib
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser_pages import (
    AXE,
    COLOURS,
    DESKTOP,
    PAGE_PARAMS,
    SET_SCHEME,
    QuietHandler,
    Tab,
    open_page,
    scheme_changes,
    serve,
    skip_without_chromium,
)

skip_without_chromium()
pytest_plugins = ["tests.browser_fixtures"]
pytestmark = pytest.mark.e2e

# The package's own sri-history.json entry for axe.min.js 4.14.1.
AXE_SRI = "sha256-KTSJmUUM3yhJqOcLeRL8LahahJ2jnA0NU5T1HUqe2Vw="
BLOCKING = ("serious", "critical")
NODES_SHOWN = 3


def test_vendored_axe_is_the_published_file():
    digest = base64.b64encode(hashlib.sha256(AXE.read_bytes()).digest()).decode()
    assert f"sha256-{digest}" == AXE_SRI


def test_the_dark_pass_sees_the_final_colours(browser, site_url):
    """Switched as the visit switches it, the dark scheme's colours are already the ones the
    page settles on (its links fade for a while when the scheme changes by itself)."""
    page, _ = open_page(browser, f"{site_url}/tensors/", viewport=DESKTOP)
    page.evaluate(SET_SCHEME, "slate")
    switched = page.evaluate(COLOURS)
    page.wait_for_timeout(1000)
    settled = page.evaluate(COLOURS)
    page.close()
    assert [(a, b) for a, b in zip(switched, settled, strict=True) if a != b] == []


def test_each_visit_of_the_tab_forgets_what_the_page_before_stored(visiting_tab, site_url):
    """The tab that visits every page forgets what the page before left (Material keeps the
    tab chosen in linked tab sets), as a new browser would."""
    page = visiting_tab.open(f"{site_url}/tensors/")
    page.evaluate("() => [localStorage, sessionStorage].forEach(s => s.setItem('left', '1'))")
    page = visiting_tab.open(f"{site_url}/glossary/")
    left = "() => [localStorage.getItem('left'), sessionStorage.getItem('left')]"
    assert page.evaluate(left) == [None, None]


def test_a_crashed_tab_costs_one_visit(browser, site_url):
    tab = Tab(browser)
    tab.open(f"{site_url}/glossary/")
    with pytest.raises(PlaywrightError):
        tab.page.goto("chrome://crash")
    assert "용어" in tab.open(f"{site_url}/glossary/").title()
    tab.close()


class _LateHandler(QuietHandler):
    """/a/ asks another host for something every 20 ms from 0.8 s after it loaded (after the
    visit's wait for a quiet network), for as long as it is open; /b/ asks nothing and is served
    after 0.3 s (while /a/ still runs)."""

    def do_GET(self):  # noqa: N802 (http.server's name)
        if self.path == "/b/":
            time.sleep(0.3)
        body = (b"<title>a</title><script>setTimeout(() => setInterval(() => "
                b"fetch('https://late.example/'), 20), 800)</script>" if self.path == "/a/"
                else b"<title>b</title>")
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def test_what_a_page_asks_from_other_hosts_is_counted_to_that_page(browser):
    tab = Tab(browser)
    try:
        with serve(_LateHandler) as url:
            tab.open(f"{url}/a/").wait_for_timeout(1000)
            assert tab.leave()
            tab.open(f"{url}/b/").wait_for_timeout(100)
            assert tab.leave() == []
    finally:
        tab.close()


def describe(violation: dict) -> str:
    lines = [
        f"{violation['id']} ({violation['impact']}, {len(violation['nodes'])} nodes): "
        f"{violation['help']}"
    ]
    for node in violation["nodes"][:NODES_SHOWN]:
        summary = " ".join((node["summary"] or "").split())[:200]
        lines.append(f"    {node['target']}: {summary}")
    return "\n".join(lines)


def assert_no_serious_violation(path: str, check: str, violations: list[dict]) -> None:
    found = [describe(v) for v in violations if v["impact"] in BLOCKING]
    assert not found, f"/{path} [{check}] serious/critical:\n" + "\n".join(found)


@pytest.mark.parametrize("path", PAGE_PARAMS)
def test_no_serious_violation_in_the_light_scheme(page_visit, path):
    assert_no_serious_violation(path, "light", page_visit(path)["axe"]["light"])


@pytest.mark.parametrize("path", PAGE_PARAMS)
def test_no_serious_colour_violation_in_the_dark_scheme(page_visit, path):
    visit = page_visit(path)
    assert "color-contrast" in visit["colour_rules"], visit["colour_rules"]
    assert_no_serious_violation(path, "dark", visit["axe"]["dark"])


@pytest.mark.parametrize("path", PAGE_PARAMS)
def test_the_dark_scheme_changes_colours_only(page_visit, path):
    """Else axe's other rules could find something in the dark scheme that the light misses."""
    changed = page_visit(path)["dark_layout"]
    assert changed == [], f"/{path}: {len(changed)} changes, e.g. {changed[:3]}"


@pytest.mark.parametrize("path", PAGE_PARAMS)
def test_no_serious_scrolling_violation_at_a_phones_width(page_visit, path):
    assert_no_serious_violation(path, "light, 375 px", page_visit(path)["axe"]["phone"])


def test_only_what_the_dark_scheme_changed_and_light_undid_counts():
    light, dark = ["<p>x</p>", "P 0 0 10 10"], ["<p>x</p>", "P 0 0 10 12"]
    assert scheme_changes(light, dark, light) == ["P 0 0 10 10 -> P 0 0 10 12"]
    assert scheme_changes(light, dark, dark) == []  # the page changed by itself, meanwhile
    late = ["<p tabindex=0>x</p>", "P 0 0 10 10"]
    assert scheme_changes(light, late, late) == []
    assert scheme_changes(light, ["<b>x</b>", "B 0 0 10 10"], light) == ["the DOM under <body>"]
    assert scheme_changes(light, [*late, "B 0 0 1 1"], [*late, "B 0 0 1 1"]) == []
