"""Post-build check of the built site.

1. Every executed fence of every markdown-exec page rendered output: the build hook appends an
   ``EXECUTED_MARKER`` after each block that printed something, and this check compares the
   markers in each built page with the executed fences in its markdown source. A page that
   silently rendered nothing (a fence markdown-exec never saw, a block that printed nothing)
   fails.
2. Every notebook page (mkdocs-jupyter) shows the outputs of its cells and offers its
   ``.ipynb`` (:mod:`bookkit.notebook_check`).
3. No built page or stylesheet loads anything from another host.

Run after a build with ``python -m bookkit.site_check [site_dir]``; the build hook runs the
same check at the end of every ``mkdocs build``.
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

from bs4 import BeautifulSoup

from bookkit.fences import FenceError, extract_fences
from bookkit.notebook_check import check_notebook_pages
from bookkit.pages import built_page_path, is_notebook

EXECUTED_MARKER = "<!-- bookkit-executed: {id} -->"

_LOADING_TAGS = ("script", "img", "iframe", "source", "audio", "video", "embed", "track")
_LOADING_RELS = {"stylesheet", "preload", "modulepreload", "icon", "manifest"}
_CSS_EXTERNAL = re.compile(r"(?:url\(\s*[\"']?|@import\s+[\"'])((?:https?:)?//[^\"')]+)", re.I)


def _is_external(url: str | None) -> bool:
    return bool(url) and url.strip().lower().startswith(("http://", "https://", "//"))


def check_executed_pages(
    docs_dir: Path, site_dir: Path, project_root: Path, sources: list[Path] | None = None
) -> list[str]:
    """Problems with the executed blocks of ``sources`` (default: every page in docs_dir)."""
    problems: list[str] = []
    for source in sorted(docs_dir.rglob("*.md")) if sources is None else sources:
        relative = source.resolve().relative_to(project_root.resolve())
        try:
            fences = extract_fences(source.read_text(encoding="utf-8"), relative)
        except FenceError as error:
            problems.append(str(error))
            continue
        executed = [fence for fence in fences if fence.executed]
        if not executed:
            continue
        page = built_page_path(source, docs_dir, site_dir)
        if not page.is_file():
            problems.append(f"{relative}: has executed blocks but no built page {page}")
            continue
        html = page.read_text(encoding="utf-8")
        for fence in executed:
            if EXECUTED_MARKER.format(id=fence.id) not in html:
                problems.append(f"{fence.label}: executed block rendered no output")
    return problems


def external_loads(text: str, is_css: bool = False) -> list[str]:
    """URLs on other hosts that a page or stylesheet would load (links to read are fine).

    Pages are parsed with BeautifulSoup; CSS (``url()``/``@import``, also in ``<style>``) is
    scanned by a pattern, since the site's stylesheets are plain files, not parsed CSS.
    """
    if is_css:
        return _CSS_EXTERNAL.findall(text)
    soup = BeautifulSoup(text, "html.parser")
    urls = [tag["src"] for tag in soup.find_all(_LOADING_TAGS, src=True)
            if _is_external(tag["src"])]
    for link in soup.find_all("link", href=True):
        rels = {rel.lower() for rel in link.get("rel", [])}
        if rels & _LOADING_RELS and _is_external(link["href"]):
            urls.append(link["href"])
    for style in soup.find_all("style"):
        urls += _CSS_EXTERNAL.findall(style.get_text())
    return urls


# external_loads is a pure function of a file's bytes, and parsing every page is most of the
# check's time. `mkdocs serve` rewrites every page on each rebuild, mostly with the same bytes,
# so results are kept by content digest for the life of the process.
_LOADS_BY_DIGEST: dict[tuple[str, bool], list[str]] = {}
_LOADS_KEPT = 4096


def _external_loads_of_file(path: Path) -> list[str]:
    data = path.read_bytes()
    is_css = path.suffix == ".css"
    key = (hashlib.sha256(data).hexdigest(), is_css)
    if key not in _LOADS_BY_DIGEST:
        if len(_LOADS_BY_DIGEST) >= _LOADS_KEPT:
            _LOADS_BY_DIGEST.clear()
        _LOADS_BY_DIGEST[key] = external_loads(data.decode("utf-8", errors="replace"), is_css)
    return _LOADS_BY_DIGEST[key]


def check_offline(site_dir: Path) -> list[str]:
    problems: list[str] = []
    for path in sorted(site_dir.rglob("*")):
        if path.suffix not in (".html", ".css"):
            continue
        for url in _external_loads_of_file(path):
            problems.append(f"{path.relative_to(site_dir)}: loads {url} from another host")
    return problems


def check_site(
    docs_dir: Path, site_dir: Path, project_root: Path, sources: list[Path] | None = None
) -> list[str]:
    """All post-build checks: executed blocks, notebook pages, offline loading."""
    if sources is None:
        sources = sorted(docs_dir.rglob("*.md"))
    notebooks = [source for source in sources if is_notebook(source)]
    return (
        check_executed_pages(docs_dir, site_dir, project_root, sources)
        + check_notebook_pages(site_dir, notebooks, docs_dir=docs_dir)
        + check_offline(site_dir)
    )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    site_dir = Path(argv[0]) if argv else Path("site")
    root = Path.cwd()
    problems = check_site(root / "docs", site_dir, root)
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"site check: {len(problems)} problem(s) in {site_dir}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
