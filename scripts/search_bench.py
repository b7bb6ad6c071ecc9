#!/usr/bin/env python3
"""Search benchmark: the query set of tests/search_queries.tsv, with and without the Korean field.

    python3 scripts/dev.py bench --search          # after a build (site/)

It serves two copies of the built site, one whose search index has the ``morphs`` and
``title_morphs`` fields (bookkit/mkdocs/search.py) and one with them stripped, types every
query into Material's search box in headless Chromium (/usr/bin/chromium) and prints, for each: the
index size, how many queries find their page in the first five results, and the median and
largest time from the keystroke to the rendered results. A benchmark, not a test.
"""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bookkit.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402
from bookkit.mkdocs.search_index import DOCS_FILE, read_index  # noqa: E402

FIELDS = ("morphs", "title_morphs")


def queries() -> list[tuple[str, str]]:
    text = (ROOT / "tests" / "search_queries.tsv").read_text(encoding="utf-8")
    return [tuple(line.split("\t")) for line in text.splitlines()
            if line.strip() and not line.startswith("#")]


def serve(folder: Path) -> str:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def run(browser, url: str) -> tuple[int, list[float]]:
    page = browser.new_page()
    page.goto(url, wait_until="networkidle")
    page.click("label.md-search__icon, .md-search__input")
    box = page.locator("input.md-search__input")
    hits, times = 0, []
    for number, (query, expected) in enumerate(queries()):
        box.fill("")
        page.wait_for_timeout(50)
        start = time.perf_counter()
        box.fill(query)
        box.press("End")
        page.wait_for_function(
            """q => { const m = document.querySelector('.md-search-result__meta');
                     return m && document.querySelector('input.md-search__input').value === q
                       && !/Initializing|Type to start|입력/.test(m.textContent); }""",
            arg=query, timeout=60_000 if number == 0 else 15_000)  # first: docs load
        times.append((time.perf_counter() - start) * 1000)
        hrefs = page.eval_on_selector_all("li.md-search-result__item > a",
                                          "links => links.map(a => a.href)")
        found = list(dict.fromkeys(urlparse(h).path.lstrip("/") for h in hrefs))
        hits += expected in found[:5]
    page.close()
    return hits, times


def main() -> int:
    from playwright.sync_api import sync_playwright

    site = ROOT / "site"
    index = site / "search" / "search_index.json"
    if not index.is_file():
        print("build the site first: python3 scripts/dev.py build", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder:
        plain = Path(folder) / "site"
        shutil.copytree(site, plain)
        data = read_index(site)
        for doc in data["docs"]:
            for field in FIELDS:
                doc.pop(field, None)
        for field in FIELDS:
            data["config"]["fields"].pop(field, None)
        deferred = (plain / "search" / DOCS_FILE).is_file()
        for name, part in [("search_index.json", {**data, "docs": []} if deferred else data),
                           *([(DOCS_FILE, data["docs"])] if deferred else [])]:
            (plain / "search" / name).write_text(
                json.dumps(part, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=find_chromium(), args=CHROMIUM_ARGS)
            total = len(queries())
            print("| search index | size | right page in top 5 | median ms | max ms |")
            print("| --- | ---: | ---: | ---: | ---: |")
            for label, root in (("Material only", plain), ("with the Korean fields", site)):
                hits, times = run(browser, serve(root))
                size = sum(f.stat().st_size for f in (root / "search").glob("*.json"))
                print(f"| {label} | {size / 1024:,.0f} KiB | {hits}/{total} | "
                      f"{statistics.median(times):.0f} | {max(times):.0f} |")
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
