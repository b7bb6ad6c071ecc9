"""The fixtures of the browser tests, a pytest plugin: the test modules name it in
``pytest_plugins``, so each test process (each xdist worker) has one site server, one browser
and one visit per page."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from bookkit.browser import CHROMIUM_ARGS
from tests.browser_pages import CHROMIUM, serve_site, visit_page


@pytest.fixture(scope="session")
def site_url(built_site: Path):
    with serve_site(built_site) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def page_visit(browser, site_url, built_site):
    """``page_visit(path)``: the record of that page's one visit in this test process
    (tests/browser_pages.py)."""

    @functools.cache
    def visit(path: str) -> dict:
        return visit_page(browser, f"{site_url}/{path}")

    return visit
