"""Page weight: what a reader downloads to open each page of the built site.

    python3 scripts/dev.py bench --pages           # after a build (site/)

The built site is served the way a typical static host serves it: text types (HTML, CSS,
JavaScript, JSON, SVG) gzip-compressed when the browser accepts gzip, every response with
``Cache-Control: max-age=600`` and ``Last-Modified`` (GitHub Pages sends the same), fonts and
pictures as they are. Headless Chromium (/usr/bin/chromium) opens every page twice:

- **first load**: a fresh browser profile (cold cache) opens the page;
- **next page**: a fresh profile opens the page before it in the book's order (the footer's
  "이전" link; the home page's next page for the home page itself), then the page, and only
  the second navigation is counted, as when a reader follows a link.

Bytes are what went over the wire: the server counts every response it writes (status line,
headers, compressed body), so the search worker's requests, which the page's DevTools session
does not see, are counted too; what the browser takes from its cache is neither a byte nor a
request. Each page is left until the network is idle, its fonts are loaded and the server has
had nothing to send for half a second, so the font slices its text needs are counted.

The standard library's ``http.server`` does not compress, and the gzip serving here is the
whole point of the measurement, so the handler adds it (a few lines) instead of depending on a
web server that the tests could not start everywhere.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlparse

from bookkit.browser import CHROMIUM_ARGS, find_chromium

FIRST_LOAD_LIMIT = 800 * 1024
NEXT_PAGE_LIMIT = 150 * 1024
COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml")


class _CountingWriter:
    """The response stream of one connection, counting the bytes written to it."""

    def __init__(self, raw) -> None:
        self.raw = raw
        self.count = 0

    def write(self, data: bytes) -> int:
        self.count += len(data)
        return self.raw.write(data)

    def __getattr__(self, name: str):
        return getattr(self.raw, name)


class StaticHostHandler(http.server.SimpleHTTPRequestHandler):
    """A static host: gzip for text types (per Accept-Encoding), a 10-minute cache lifetime.

    Every response's size on the wire (status line, headers, body) is appended to the server's
    ``transfers`` list as (path, bytes): the server sees the dedicated search worker's requests
    too, which the page's own DevTools session does not.
    """

    _compressed: dict[tuple[str, float], bytes] = {}
    _lock = threading.Lock()

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile)

    def handle_one_request(self) -> None:
        self.wfile.count = 0
        super().handle_one_request()
        if self.wfile.count:
            self.server.transfers.append((urlparse(self.path).path, self.wfile.count))

    def log_message(self, *args) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def do_GET(self) -> None:
        path = Path(self.translate_path(self.path))
        if path.is_dir() and urlparse(self.path).path.endswith("/"):
            path = path / "index.html"
        content_type = self.guess_type(str(path))
        accepts_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (path.is_file() and accepts_gzip and content_type.startswith(COMPRESSED_TYPES)):
            super().do_GET()  # directories' redirects, 404s, fonts and pictures
            return
        modified = path.stat().st_mtime
        since = self.headers.get("If-Modified-Since")
        if since and email.utils.parsedate_to_datetime(since).timestamp() >= int(modified):
            self.send_response(304)
            self.end_headers()
            return
        key = (str(path), modified)
        with self._lock:
            body = self._compressed.get(key)
            if body is None:
                body = self._compressed[key] = gzip.compress(path.read_bytes(), 6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(modified)))
        self.end_headers()
        self.wfile.write(body)


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(StaticHostHandler, directory=str(site)))
    server.transfers = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@dataclass
class Load:
    """The responses of one navigation: (path, bytes on the wire), in order."""

    transfers: list[tuple[str, int]]

    @property
    def total(self) -> int:
        return sum(size for _, size in self.transfers)

    @property
    def requests(self) -> int:
        return len(self.transfers)

    def biggest(self, count: int = 3) -> list[tuple[str, int]]:
        return sorted(self.transfers, key=lambda item: -item[1])[:count]


def settle(page, server) -> None:
    """Wait until the page and its workers have stopped fetching (fonts included)."""
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready.then(() => null)")
    seen = -1
    while seen != len(server.transfers):  # the search worker's requests come a little later
        seen = len(server.transfers)
        page.wait_for_timeout(500)


def measure(page, server, url: str) -> Load:
    """Navigate ``page`` to ``url``; what the server sent meanwhile."""
    start = len(server.transfers)
    page.goto(url, wait_until="networkidle")
    settle(page, server)
    return Load(server.transfers[start:])


def site_pages(site: Path) -> list[str]:
    """Every page of the built site, as a path under its root ('' for the home page)."""
    pages = [p.parent.relative_to(site).as_posix() for p in site.rglob("index.html")]
    return sorted("" if p == "." else p + "/" for p in pages if "assets" not in p.split("/"))


@dataclass
class PageWeight:
    path: str
    first: Load
    next: Load
    came_from: str

    @property
    def passes(self) -> bool:
        return self.first.total <= FIRST_LOAD_LIMIT and self.next.total <= NEXT_PAGE_LIMIT


def weigh(browser, server, base: str, path: str) -> PageWeight:
    context = browser.new_context()
    page = context.new_page()
    first = measure(page, server, base + path)
    link = page.locator("a.md-footer__link--prev, a.md-footer__link--next").first
    came_from = urljoin(page.url, link.get_attribute("href")) if link.count() else base
    context.close()
    context = browser.new_context()
    page = context.new_page()
    page.goto(came_from, wait_until="networkidle")
    settle(page, server)
    following = measure(page, server, base + path)
    context.close()
    return PageWeight(path, first, following, urlparse(came_from).path)


def kib(size: int) -> str:
    return f"{size / 1024:,.0f}"


def report(weights: list[PageWeight]) -> str:
    lines = [f"| page | first load KiB (≤ {kib(FIRST_LOAD_LIMIT)}) | requests | "
             f"next page KiB (≤ {kib(NEXT_PAGE_LIMIT)}) | requests | biggest on first load | "
             "pass |",
             "| --- | ---: | ---: | ---: | ---: | --- | --- |"]
    for w in weights:
        biggest = ", ".join(f"{Path(name).name} {kib(size)}" for name, size in w.first.biggest())
        lines.append(f"| /{w.path} | {kib(w.first.total)} | {w.first.requests} | "
                     f"{kib(w.next.total)} | {w.next.requests} | {biggest} | "
                     f"{'pass' if w.passes else 'FAIL'} |")
    firsts = [w.first.total for w in weights]
    nexts = [w.next.total for w in weights]
    lines.append(f"\n{len(weights)} pages; first load {kib(min(firsts))}–{kib(max(firsts))} KiB, "
                 f"next page {kib(min(nexts))}–{kib(max(nexts))} KiB; "
                 f"{sum(not w.passes for w in weights)} over the targets.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=Path("site"))
    parser.add_argument("--chromium", default=find_chromium())
    parser.add_argument("pages", nargs="*", help="only these pages (paths under the site root)")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}: python3 scripts/dev.py build", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    server, base = serve(args.site)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=args.chromium,
                                                 args=CHROMIUM_ARGS)
            pages = args.pages or site_pages(args.site)
            weights = [weigh(browser, server, base, path) for path in pages]
            browser.close()
    finally:
        server.shutdown()
    print(report(weights))
    return 0 if all(w.passes for w in weights) else 1


if __name__ == "__main__":
    raise SystemExit(main())
