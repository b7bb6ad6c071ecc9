"""The fixtures of the browser tests, a pytest plugin: the test modules name it in
``pytest_plugins``, so each test process (each xdist worker) has one site server and one
browser, and each run one visit per page, whichever worker asks first."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from conftest import made_once

from bookkit.browser import CHROMIUM_ARGS
from tests.browser_pages import CHROMIUM, Tab, serve_site, visit_page


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
def visiting_tab(browser):
    tab = Tab(browser)
    yield tab
    tab.close()


@pytest.fixture(scope="session")
def page_visit(tmp_path_factory, worker_id, visiting_tab, site_url, built_site):
    """``page_visit(path)``: the record of that page's one visit in this run
    (tests/browser_pages.py), made by the first xdist worker that asks and read by the other
    (a page's tests are spread over the workers)."""

    @functools.cache
    def visit(path: str) -> dict:
        def make(folder: Path) -> None:
            record = visit_page(visiting_tab, f"{site_url}/{path}")
            (folder / "visit.json").write_text(json.dumps(record), encoding="utf-8")

        name = "visit-" + (path.strip("/").replace("/", "--") or "home")  # slugs: one dash
        folder = made_once(tmp_path_factory, worker_id, name, make)
        return json.loads((folder / "visit.json").read_text(encoding="utf-8"))

    return visit
