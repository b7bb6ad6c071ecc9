"""The whole book as one PDF: ``python -m bookkit.mkdocs.pdf [SITE_DIR] [--out FILE]``.

The built site is the source, so the PDF shows exactly the executed outputs the site shows. The
pages are read in the order of ``nav`` in mkdocs.yml and their articles joined into one print
document: a cover (title, subtitle, date and commit of the build), the contents, then every page.
Ids get a per-page prefix so they stay unique, links between pages become links inside the PDF,
and each page's headings move down by its depth in the nav (1.1 under 1.), which gives the PDF
outline its chapters. Headless Chromium (playwright) lays the document out with the site's own
stylesheets (every one some page links, KaTeX's included) and their ``@media print`` section
(book.css) and prints it; the math comes already set by the build. Text keeps the embedded web
font, so Korean can be searched and copied. The outline needs a tagged PDF (Chromium builds it
from the structure tree).

Page numbers are the sheets' own numbers, as a PDF viewer counts them: the cover is page 1 and
shows none, every other page shows "n / N" in its footer (book.css, ``@page book``). The contents
get their page numbers from the print itself: the document is printed, pypdf reads the page each
entry's link target landed on, the numbers are written into the contents (a fixed-width column,
so the layout stays) and the document is printed again, until two prints agree. The first print
already carries the last print's numbers (``pdf-contents.json``, committed, so a fresh clone has
them too), so while no entry moves, one print is enough; otherwise it takes two, usually, and
the file is rewritten with the new numbers (commit it with the change that moved them).
"""

from __future__ import annotations

import argparse
import datetime
import html
import io
import json
import mimetypes
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from mkdocs.utils import yaml_load
from selectolax.lexbor import LexborHTMLParser, LexborNode

from bookkit.browser import CHROMIUM_ARGS, find_chromium
from bookkit.files import read_kept_json, write_atomically
from bookkit.pages import built_page_path
from bookkit.settings import environment

ROOT = Path(__file__).resolve().parents[2]
PDF_NAME = "book.pdf"  # under the site folder, so it is deployed with the site
ORIGIN = "http://book.invalid"  # the print document's origin; playwright serves it from the site
DOCUMENT = "/__book__.html"
MAX_PRINTS = 4  # prints until the contents' page numbers agree with where their targets land
NUMBERS = ROOT / "pdf-contents.json"  # the last print's (committed), a first guess
MARGIN = {"top": "16mm", "bottom": "18mm", "left": "14mm", "right": "14mm"}
# Attributes that hold a list of ids (aria) or one id (label's for).
_ID_REFS = ("for", "aria-labelledby", "aria-describedby", "aria-controls", "aria-owns")
_URL_ID = re.compile(r"url\(\s*(['\"]?)#([^'\")]+)\1\s*\)")
_HEADING_TAG = re.compile(r"<(/?)h([1-6])(?=[\s/>])")


class PdfError(RuntimeError):
    pass


_PDF_LINK = re.compile(r'<(a|span) class="book-pdf-link"[^>]*>.*?</\1>', re.DOTALL)
LINK = f'<a class="book-pdf-link" href="{PDF_NAME}" download>책 전체 PDF</a>'
MISSING = ('<span class="book-pdf-link">책 전체 PDF(이 빌드에는 아직 없습니다. '
           "<code>python3 scripts/dev.py pdf</code>로 만듭니다)</span>")


def mark_pdf_link(site_dir: Path) -> bool:
    """The home page links the PDF only while ``site_dir`` has it: a build removes the last
    one, so the build says instead how to make it, and :func:`make_pdf` puts the link back.
    Whether the PDF is there."""
    present = (site_dir / PDF_NAME).is_file()
    home = site_dir / "index.html"
    if home.is_file():
        text = home.read_text(encoding="utf-8")
        marked = _PDF_LINK.sub(LINK if present else MISSING, text)
        if marked != text:
            write_atomically(home, marked.encode())
    return present


@dataclass
class Entry:
    """One line of the contents: a nav section (no page) or a page of the book."""

    title: str
    depth: int  # 0: top-level nav entry
    page: int | None = None  # index into Book.pages


@dataclass
class Page:
    source: str  # path under docs_dir, as in the nav
    url: str  # site-relative URL of the built page, e.g. "first-steps/timing/"
    level: int  # heading level of its title in the book (1: chapter)
    title: str = ""


@dataclass
class Book:
    name: str
    description: str
    pages: list[Page]
    contents: list[Entry]


def read_nav(config_file: Path) -> tuple[dict, list[Page], list[Entry]]:
    """The nav of ``config_file`` as pages in reading order and contents entries.

    A chapter is a nav section below the top level; its first page without a title is the
    chapter's own page (title level of the section), the others sit one level below it. Pages
    of a top-level section (본문, 부록, 참고) are chapters themselves.
    """
    with config_file.open(encoding="utf-8") as stream:
        config = yaml_load(stream)
    if not config.get("nav"):
        raise PdfError(f"{config_file}: no nav: the PDF follows the nav's order")
    pages: list[Page] = []
    contents: list[Entry] = []

    def add(source: str, title: str | None, depth: int, level: int) -> None:
        if not source.endswith((".md", ".ipynb")):
            raise PdfError(f"{config_file}: nav entry {source!r} is not a page")
        folder = built_page_path(Path("docs") / source, Path("docs"), Path(".")).parent
        pages.append(Page(source, "" if folder == Path(".") else folder.as_posix() + "/", level))
        contents.append(Entry(title or "", depth, page=len(pages) - 1))

    def walk(items: list, depth: int, level: int) -> None:
        for position, item in enumerate(items):
            title, value = next(iter(item.items())) if isinstance(item, dict) else (None, item)
            if isinstance(value, str):
                own_page = depth > 1 and position == 0 and title is None
                # A chapter's own page stands in the contents where the chapter's name would.
                add(
                    value, title, depth - 1 if own_page else depth, level - 1 if own_page else level
                )
            else:
                if not (depth > 0 and _has_own_page(value)):
                    contents.append(Entry(str(title), depth))
                walk(value, depth + 1, level if depth == 0 else level + 1)

    walk(config["nav"], 0, 1)
    return config, pages, contents


def _has_own_page(items: list) -> bool:
    return bool(items) and isinstance(items[0], str)


def _prefix_ids(article: LexborNode, prefix: str) -> None:
    for tag in article.css("*"):
        attributes = tag.attributes
        if attributes.get("id"):
            tag.attrs["id"] = prefix + attributes["id"]
        for name in _ID_REFS:
            if attributes.get(name):
                tag.attrs[name] = " ".join(prefix + one for one in attributes[name].split())
        for name, value in attributes.items():
            if value and "url(" in value:  # SVG fill/clip-path/marker/style
                tag.attrs[name] = _URL_ID.sub(lambda m: f"url({m[1]}#{prefix}{m[2]}{m[1]})", value)


def _rewrite_links(article: LexborNode, page: Page, prefix: str, anchors: dict[str, str]) -> None:
    """Links to book pages point into the document, other site files stay reachable from it."""
    base = f"{ORIGIN}/{page.url}"
    for tag in article.css("*"):
        for name in ("href", "xlink:href", "src"):
            value = tag.attributes.get(name)
            if not value or value.startswith(("data:", "mailto:")):
                continue
            if value.startswith("#"):
                tag.attrs[name] = "#" + prefix + value[1:]
                continue
            target = urlsplit(urljoin(base, value))
            if f"{target.scheme}://{target.netloc}" != ORIGIN:
                continue  # another host: an ordinary web link in the PDF
            path = unquote(target.path).lstrip("/")
            key = path if path.endswith("/") or not path else path.removesuffix("index.html")
            if name != "src" and key in anchors:
                tag.attrs[name] = "#" + anchors[key] + (target.fragment or "top")
            elif name == "src":
                tag.attrs[name] = "/" + path
            else:  # a download (notebook, PDF): no place in a printed book, keep its text
                tag.unwrap()
                break


def _read_page(site_dir: Path, page: Page) -> LexborHTMLParser:
    path = site_dir / page.url / "index.html"
    if not path.is_file():
        raise PdfError(f"{page.source}: no built page {path}; build the site first")
    return LexborHTMLParser(path.read_text(encoding="utf-8"))


def _page_article(tree: LexborHTMLParser, page: Page, anchors: dict[str, str]) -> str:
    """The page's article as a section of the book (HTML): headings moved down by the page's
    depth, ids prefixed, links pointing into the document."""
    article = tree.css_first("article.md-content__inner")
    heading = article.css_first("h1") if article else None
    if heading is None:
        raise PdfError(f"{page.source}: no article with a title (h1) to put in the book")
    for tag in article.css("a.headerlink, a.anchor-link, .md-content__button, script"):
        tag.decompose()
    page.title = heading.text(separator=" ", strip=True)
    heading.attrs["class"] = " ".join([*(heading.attributes.get("class") or "").split(),
                                       "book-page-title"])
    for details in article.css("details"):
        details.attrs["open"] = ""
    prefix = anchors[page.url]
    _prefix_ids(article, prefix)
    _rewrite_links(article, page, prefix, anchors)
    article.attrs["class"] = "book-page md-typeset"
    article.attrs["id"] = prefix + "top"
    # Lexbor renames no element: the serialized article's tags are renamed instead (its text and
    # attribute values come escaped, so only tags match).
    shift = page.level - 1
    html_text = _HEADING_TAG.sub(lambda m: f"<{m[1]}h{min(6, int(m[2]) + shift)}", article.html)
    return "<section" + html_text.removeprefix("<article").removesuffix("</article>") + "</section>"


def _stylesheets(site_dir: Path, trees: dict[str, LexborHTMLParser]) -> list[str]:
    """Every stylesheet a page of the book links, once each, in the order the pages link them:
    the home page's, then what only some pages add (KaTeX's on math pages, notebook.css)."""
    found: dict[str, None] = {}
    home = trees.get("") or LexborHTMLParser((site_dir / "index.html").read_text(encoding="utf-8"))
    for url, tree in [("", home), *trees.items()]:
        for link in tree.css('link[rel="stylesheet"]'):
            href = urljoin(f"{ORIGIN}/{url}", link.attributes["href"])
            found["/" + unquote(urlsplit(href).path).lstrip("/")] = None
    return list(found)


def build_info() -> str:
    """The build's date (UTC) and, where git knows it, the commit."""
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short=12", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = environment().get("GITHUB_SHA", "")[:12]
    return f"{today} 빌드" + (f" · 커밋 {commit}" if commit else "")


def _contents_html(book: Book, anchors: dict[str, str]) -> str:
    lines = ['<nav class="book-contents" aria-label="차례"><p class="book-contents-title">차례</p>']
    for entry in book.contents:
        css = f"book-contents-depth-{entry.depth}"
        if entry.page is None:
            lines.append(f'<p class="{css} book-contents-section">{html.escape(entry.title)}</p>')
            continue
        page = book.pages[entry.page]
        lines.append(
            f'<p class="{css}"><a href="#{anchors[page.url]}top">'
            f'<span class="book-contents-name">{html.escape(page.title)}</span>'
            '<span class="book-contents-leader"></span>'
            '<span class="book-contents-page"></span></a></p>'
        )
    lines.append("</nav>")
    return "\n".join(lines)


def print_document(site_dir: Path, book: Book, info: str) -> str:
    anchors = {page.url: f"p{index}-" for index, page in enumerate(book.pages)}
    trees = {page.url: _read_page(site_dir, page) for page in book.pages}  # parsed once each
    links = "\n".join(
        f'<link rel="stylesheet" href="{html.escape(href)}">'
        for href in _stylesheets(site_dir, trees)
    )
    articles = [_page_article(trees[page.url], page, anchors) for page in book.pages]
    return f"""<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>{html.escape(book.name)}</title>
{links}
</head>
<body class="book-print" dir="ltr" data-md-color-scheme="default"
 data-md-color-primary="deep-orange" data-md-color-accent="amber">
<section class="book-cover">
<p class="book-cover-title">{html.escape(book.name)}</p>
<p class="book-cover-subtitle">{html.escape(book.description)}</p>
<p class="book-cover-build">{html.escape(info)}</p>
</section>
{_contents_html(book, anchors)}
{"".join(articles)}
</body></html>"""


def _open(browser, site_dir: Path, document: str):
    """A browser page with ``document`` laid out; every request is served from the site."""
    page = browser.new_page()
    missing: list[str] = []

    def serve(route) -> None:
        url = urlsplit(route.request.url)
        if f"{url.scheme}://{url.netloc}" != ORIGIN:
            missing.append(route.request.url)
            return route.abort()
        if url.path == DOCUMENT:
            return route.fulfill(body=document, content_type="text/html; charset=utf-8")
        path = site_dir / unquote(url.path).lstrip("/")
        if not path.is_file():
            missing.append(route.request.url)
            return route.fulfill(status=404)
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return route.fulfill(body=path.read_bytes(), content_type=kind)

    page.route("**/*", serve)
    page.goto(ORIGIN + DOCUMENT, wait_until="load", timeout=120_000)
    page.evaluate("document.fonts.ready.then(() => true)")
    if missing:
        raise PdfError(
            "the print document requested files the site does not have: "
            + ", ".join(sorted(set(missing)))
        )
    undrawn = page.evaluate("document.querySelectorAll('.arithmatex:not(:has(.katex))').length")
    if undrawn:
        raise PdfError(f"{undrawn} math formula(s) were not rendered by KaTeX")
    # Without KaTeX's stylesheet a formula prints twice (its HTML and its MathML, garbled).
    unstyled = page.evaluate("""[...document.querySelectorAll('.katex-mathml')]
        .filter(node => getComputedStyle(node).position !== 'absolute').length""")
    if unstyled:
        raise PdfError(f"{unstyled} math formula(s) lack KaTeX's stylesheet and would print twice")
    return page


def contents_targets(page) -> list[str]:
    """The ids the contents link to, in the contents' order."""
    return page.evaluate("""[...document.querySelectorAll('.book-contents a[href^="#"]')]
        .map(link => link.getAttribute('href').slice(1))""")


def landing_pages(pdf: bytes, targets: list[str]) -> dict[str, int]:
    """The page (1 = the cover) each of ``targets`` (named destinations) lands on."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    destinations = reader.named_destinations
    lost = [target for target in targets if "/" + target not in destinations]
    if lost:
        raise PdfError(f"the PDF has no destination for the contents entries {', '.join(lost)}")
    return {
        target: reader.get_destination_page_number(destinations["/" + target]) + 1
        for target in targets
    }


def _number_contents(page, numbers: dict[str, int]) -> None:
    page.evaluate(
        """numbers => {
        for (const [target, number] of Object.entries(numbers)) {
            document.querySelector(`.book-contents a[href="#${CSS.escape(target)}"]`)
                .querySelector('.book-contents-page').textContent = number;
        }
    }""",
        numbers,
    )


def _print(browser, site_dir: Path, document: str, guess: dict[str, int]) -> tuple[bytes, dict]:
    """Print ``document`` until the contents' page numbers are where their entries landed; the
    first print carries ``guess`` (the last print's numbers), so one print is enough while no
    entry moved. Returns the PDF and its numbers."""
    page = _open(browser, site_dir, document)
    targets = contents_targets(page)
    numbers = {target: guess[target] for target in targets if target in guess}
    _number_contents(page, numbers)
    for _ in range(MAX_PRINTS):
        pdf = page.pdf(format="A4", print_background=True, margin=MARGIN, outline=True, tagged=True)
        landed = landing_pages(pdf, targets)
        if landed == numbers:
            page.close()
            return pdf, numbers
        _number_contents(page, landed)
        numbers = landed
    raise PdfError(f"the contents' page numbers still moved after {MAX_PRINTS} prints")


def _read_numbers(path: Path | None) -> dict[str, int]:
    numbers = read_kept_json(path) if path else None
    return numbers if isinstance(numbers, dict) else {}


def make_pdf(
    site_dir: Path,
    out: Path,
    config_file: Path = ROOT / "mkdocs.yml",
    chromium: str | None = None,
    browser=None,
    numbers: Path | None = NUMBERS,
) -> Path:
    """Print the built book under ``site_dir`` to ``out``; returns ``out``. ``browser`` is an
    open playwright Browser to print with (the tests share theirs); without it Chromium is
    launched for this print. ``numbers`` keeps the contents' page numbers of the last print
    (only a first guess: every print is checked against where its entries landed)."""
    config, pages, contents = read_nav(config_file)
    if not (site_dir / "index.html").is_file():
        raise PdfError(f"{site_dir}: no built site; run `python3 scripts/dev.py build` first")
    book = Book(config.get("site_name", ""), config.get("site_description", ""), pages, contents)
    document = print_document(site_dir, book, build_info())
    guess = _read_numbers(numbers)
    if browser is not None:
        pdf, landed = _print(browser, site_dir, document, guess)
    else:
        pdf, landed = _print_in_chromium(chromium or find_chromium(), site_dir, document, guess)
    write_atomically(out, pdf)
    if out.resolve() == (site_dir / PDF_NAME).resolve():  # the site's own copy: link it
        mark_pdf_link(site_dir)
    if numbers and landed != guess:
        write_atomically(numbers, json.dumps(landed, indent=0).encode())
    return out


def _print_in_chromium(
    executable: str | None, site_dir: Path, document: str, guess: dict[str, int]
) -> tuple[bytes, dict]:
    from playwright.sync_api import sync_playwright

    if executable is None:
        raise PdfError(
            "no Chromium found: install it (Debian: apt-get install chromium) or "
            "set BOOK_CHROMIUM to its path"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            return _print(browser, site_dir, document, guess)
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bookkit.mkdocs.pdf", description=__doc__)
    parser.add_argument("site", nargs="?", default="site", help="the built site (default: site)")
    parser.add_argument("--out", help=f"the PDF (default: SITE/{PDF_NAME})")
    parser.add_argument("--config", default=str(ROOT / "mkdocs.yml"))
    args = parser.parse_args(argv)
    site = Path(args.site)
    out = Path(args.out) if args.out else site / PDF_NAME
    try:
        make_pdf(site, out, Path(args.config))
    except PdfError as error:
        print(f"pdf: {error}", file=sys.stderr)
        return 1
    from pypdf import PdfReader

    print(f"pdf: {out} ({len(PdfReader(out).pages)} pages, {out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
