"""The fixtures of the browser tests, a pytest plugin: the test modules name it in
``pytest_plugins``, so each test process (each xdist worker) has one site server, one browser
and one visit per page."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest

from bookkit.browser import CHROMIUM_ARGS
from tests.browser_pages import CHROMIUM, visit_page


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep the test output clean
        pass


@pytest.fixture(scope="session")
def site_url(built_site: Path):
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def page_visit(browser, site_url):
    """``page_visit(path)``: the record of that page's one visit in this test process."""

    @functools.cache
    def visit(path: str) -> dict:
        return visit_page(browser, f"{site_url}/{path}")

    return visit
