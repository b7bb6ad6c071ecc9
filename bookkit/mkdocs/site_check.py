"""Post-build check of the built site.

1. (Every executed fence of a markdown-exec page rendered output: the execution plugin knows
   that from memory, :meth:`bookkit.mkdocs.stored_outputs.StoredOutputs.unrendered_blocks`.)
2. Every notebook page (mkdocs-jupyter) shows the outputs of its cells and offers its
   ``.ipynb`` (:mod:`bookkit.mkdocs.notebook_check`).
3. No built page or stylesheet loads anything from another host.
4. No built page runs script it should not (:func:`markup_problems`): every inline ``<script>``
   is one the theme's templates write (Material's, ``overrides/``, mkdocs-jupyter's and
   nbconvert's; a ``{{ ... }}`` in a template stands for a value inside a string) or JSON data;
   every ``<script src>`` is one of the site's own files; no ``javascript:`` URL in ``href``,
   ``src``, ``action``, ``formaction``, ``xlink:href`` or a refresh; no ``on*=`` handler
   attribute; no ``srcdoc``. Pages are parsed once for checks 3, 4 and 5, with selectolax's
   Lexbor parser (an HTML5 parser, so a page is read as a browser reads it, and fast).
   A page's scan depends only on its bytes and on the theme's templates, so it is kept under
   ``.cache/bookkit/site-check`` by a digest of both: a fresh build parses only the pages
   that changed, and a changed page is always parsed again.
5. Every picture has a text alternative: an inline ``<svg>`` is ``role="img"`` with a non-empty
   ``aria-label`` (or ``aria-labelledby``) and a ``<title>``, unless it is hidden
   (``aria-hidden="true"``, also on an ancestor such as KaTeX's drawn copy of a formula) or an
   icon inside a link, button or label, which names it. No ``<img>`` keeps nbconvert's
   placeholder for a missing ``alt`` (a missing ``alt`` is axe's). Every formula was set at
   build time (:mod:`bookkit.mkdocs.math_render`): an arithmatex element holds KaTeX's output,
   and no ``$`` is left in the prose of a notebook's Markdown cell.
6. The search index holds text only: Material keeps ``<p>``, ``<code>``, ``<pre>``, lists and
   sub/superscripts, without attributes; nothing else may look like a tag.

The ``bookkit/checks`` plugin (:mod:`bookkit.mkdocs.checks_plugin`) runs these checks at the end
of every ``mkdocs build``.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import asdict, dataclass, field, fields
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from selectolax.lexbor import LexborHTMLParser

from bookkit.files import Stamps
from bookkit.memo import Memo
from bookkit.mkdocs.notebook_check import check_notebook_page
from bookkit.mkdocs.search_index import DOCS_FILE, read_index
from bookkit.page_source import Page

NBCONVERT_ALT = "No description has been provided for this image"  # nbconvert's default alt

_LOADING_TAGS = ("script", "img", "iframe", "source", "audio", "video", "embed", "track")
_LOADING_RELS = {"stylesheet", "preload", "modulepreload", "icon", "manifest"}
_CSS_EXTERNAL = re.compile(r"(?:url\(\s*[\"']?|@import\s+[\"'])((?:https?:)?//[^\"')]+)", re.I)


def _is_external(url: str | None) -> bool:
    return bool(url) and url.strip().lower().startswith(("http://", "https://", "//"))


_URL_ATTRS = ("href", "src", "action", "formaction", "xlink:href", "data", "poster")
_DATA_SCRIPT_TYPES = {"application/json", "application/ld+json"}
_C0_AND_SPACE = re.compile(r"[\x00-\x20]+")
_SCRIPT_IN_TEMPLATE = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S | re.I)
_JINJA = re.compile(r"(\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\})", re.S)
_JINJA_VALUE = r"[^\"'`<>\\\n]*"  # what a {{ ... }} inside a template's string may render to


@dataclass
class _Scan:
    loads: list[str] = field(default_factory=list)  # URLs loaded from other hosts
    problems: list[str] = field(default_factory=list)  # script, javascript: URLs, handlers
    script_srcs: list[str] = field(default_factory=list)  # same-site <script src>, to resolve
    unnamed: list[str] = field(default_factory=list)  # pictures without a text alternative


def _is_script_url(value: str) -> bool:
    """A URL a browser runs as script (it drops spaces and control characters first)."""
    return _C0_AND_SPACE.sub("", value).lower().startswith(("javascript:", "vbscript:"))


@cache
def _template_dirs(project_root: Path | None) -> tuple[Path, ...]:
    from jupyter_core.paths import jupyter_path
    from mkdocs.theme import Theme

    dirs = [Path(d) for d in Theme(name="material").dirs]
    try:
        import mkdocs_jupyter

        dirs.append(Path(mkdocs_jupyter.__file__).parent / "templates")
    except ImportError:  # pragma: no cover - the book always has it
        pass
    dirs += [Path(d) for d in jupyter_path("nbconvert", "templates")]
    if project_root is not None:
        dirs.append(project_root / "overrides")
    return tuple(d for d in dirs if d.is_dir())


def _words(text: str) -> str:
    return " ".join(text.split())


def _body_pattern(body: str) -> str:
    parts = []
    for piece in _JINJA.split(body):
        if piece.startswith("{{"):
            parts.append(_JINJA_VALUE)
        elif piece.startswith(("{%", "{#")):
            parts.append(r"\s*")
        elif piece.strip():
            parts.append(r"\s*" + r"\s+".join(map(re.escape, piece.split())) + r"\s*")
    return "".join(parts)


TEMPLATE_SUFFIXES = (".js", ".html", ".j2")


def _template_files(folder: Path) -> list[Path]:
    """The template and script files under ``folder``, in a stable order. Dot-folders are not
    entered: Material's ``.icons`` holds some fourteen thousand SVG files and no template."""
    found = []
    for parent, folders, names in os.walk(folder):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        found += [Path(parent, name) for name in sorted(names) if name.endswith(TEMPLATE_SUFFIXES)]
    return found


@cache
def _theme_scripts(dirs: tuple[Path, ...]) -> tuple[frozenset[str], tuple[re.Pattern, ...]]:
    """The inline scripts the templates in ``dirs`` write: exact texts, and patterns."""
    exact: set[str] = set()
    patterns: set[str] = set()
    for folder in dirs:
        for path in _template_files(folder):
            if path.suffix == ".js":  # script files a template inlines (include_js)
                exact.add(_words(path.read_text(encoding="utf-8", errors="replace")))
            elif path.suffix in (".html", ".j2"):
                text = path.read_text(encoding="utf-8", errors="replace")
                for _, body in _SCRIPT_IN_TEMPLATE.findall(text):
                    if not _JINJA.sub("", body).strip():
                        continue
                    if _JINJA.search(body):
                        patterns.add(_body_pattern(body))
                    else:
                        exact.add(_words(body))
    return frozenset(exact), tuple(re.compile(p, re.S) for p in sorted(patterns))


def theme_script(text: str, project_root: Path | None = None) -> bool:
    """Whether an inline script's text is one the theme's templates write."""
    if not text.strip():
        return False
    exact, patterns = _theme_scripts(_template_dirs(project_root))
    return _words(text) in exact or any(p.fullmatch(text) for p in patterns)


def _scan(text: str, is_css: bool, project_root: Path | None = None) -> _Scan:
    """One parse of a page: what it loads from other hosts, and script it should not run.

    Pages are parsed with Lexbor (selectolax); CSS (``url()``/``@import``, also in
    ``<style>``) is scanned by a pattern, since the site's stylesheets are plain files, not
    parsed CSS.
    """
    scan = _Scan()
    if is_css:
        scan.loads = _CSS_EXTERNAL.findall(text)
        return scan
    for tag in LexborHTMLParser(text).root.traverse():
        name = tag.tag
        if not name or name.startswith(("-", "_")):  # comments, doctype
            continue
        attrs = {key: value or "" for key, value in tag.attributes.items()}
        scan.problems += _attribute_problems(name, attrs)
        _scan_loads(tag, name, attrs, scan)
        scan.unnamed += _unset_math(tag, attrs)
        if name == "script":
            _scan_script(tag, attrs, scan, project_root)
    return scan


def _attribute_problems(name: str, attrs: dict[str, str]) -> list[str]:
    """Event handlers, ``javascript:`` URLs and inline documents in a tag's attributes."""
    problems: list[str] = []
    for attribute, value in attrs.items():
        if attribute.startswith("on"):
            problems.append(f'event handler attribute {attribute}="{value[:60]}" on <{name}>')
        elif attribute in _URL_ATTRS and _is_script_url(value):
            problems.append(f"javascript: URL in <{name} {attribute}>")
        elif attribute == "srcdoc":
            problems.append(f"inline document (srcdoc) in <{name}>")
    if name == "meta" and attrs.get("http-equiv", "").lower() == "refresh":
        if _is_script_url(attrs.get("content", "").partition("url=")[2]):
            problems.append("javascript: URL in <meta http-equiv=refresh>")
    return problems


def _scan_loads(tag, name: str, attrs: dict[str, str], scan: _Scan) -> None:
    """What the tag loads from other hosts; a picture without a text alternative."""
    if name in _LOADING_TAGS and attrs.get("src") and _is_external(attrs["src"]):
        scan.loads.append(attrs["src"])
    elif name == "link" and attrs.get("href"):
        rels = {rel.lower() for rel in attrs.get("rel", "").split()}
        if rels & _LOADING_RELS and _is_external(attrs["href"]):
            scan.loads.append(attrs["href"])
    elif name == "style":
        scan.loads += _CSS_EXTERNAL.findall(tag.text(deep=True))
    elif name == "svg" and not _named_picture(tag):
        scan.unnamed.append(f"inline <svg> without a text alternative: {tag.html[:80]!r}")
    elif name == "img" and attrs.get("alt", "").strip() == NBCONVERT_ALT:
        scan.unnamed.append(f"<img> without a text alternative: {tag.html[:80]!r}")


def _scan_script(tag, attrs: dict[str, str], scan: _Scan, project_root: Path | None) -> None:
    """A ``<script>``: its same-site ``src`` to resolve later, or inline script not the theme's."""
    src = attrs.get("src")
    if src is not None:
        if not _is_external(src) and not _is_script_url(src):
            scan.script_srcs.append(src)
    elif attrs.get("type", "").strip().lower() in _DATA_SCRIPT_TYPES:
        return  # data, never run
    elif not theme_script(tag.text(deep=True), project_root):
        body = " ".join(tag.text(deep=True).split())
        scan.problems.append(f"inline <script> that is not the theme's: {body[:80]!r}")


def _unset_math(tag, attrs: dict) -> list[str]:
    """A formula left for a script to set: TeX in an arithmatex element or a Markdown cell."""
    classes = attrs.get("class", "").split()
    if "arithmatex" in classes and tag.css_first(".katex") is None:
        return [f"formula not set at build time: {tag.text(deep=True)[:80]!r}"]
    if "jp-RenderedMarkdown" in classes:
        return [f"formula not set at build time: {node.text()[:80]!r}"
                for node in tag.traverse(include_text=True)
                if node.tag == "-text" and "$" in node.text()
                and not any(p.tag in ("code", "pre") for p in _ancestors(node))]
    return []


def _ancestors(node):
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


def _named_picture(svg) -> bool:
    """Whether an inline ``<svg>`` (a Lexbor node) has a text alternative, or needs none."""
    attrs = {key: value or "" for key, value in svg.attributes.items()}
    if attrs.get("aria-hidden", "").lower() == "true":
        return True
    for parent in _ancestors(svg):
        if parent.tag in ("svg", "a", "button", "label"):  # nested, or an icon of a control
            return True
        if (parent.attributes.get("aria-hidden") or "").lower() == "true":
            return True
    named = attrs.get("aria-label", "").strip() or attrs.get("aria-labelledby")
    title = next((child for child in svg.iter() if child.tag == "title"), None)
    return attrs.get("role") == "img" and bool(named) and bool(
        title is not None and title.text(deep=True).strip())


def external_loads(text: str, is_css: bool = False) -> list[str]:
    """URLs on other hosts that a page or stylesheet would load (links to read are fine)."""
    return _scan(text, is_css).loads


def markup_problems(text: str, project_root: Path | None = None) -> list[str]:
    """Script a page would run that neither the theme nor the site's files bring."""
    return _scan(text, False, project_root).problems


# _scan is a pure function of a file's bytes and the theme's templates. Most files of a
# rebuild have the same bytes as last time, so results are kept by a digest of both: in memory
# for the life of the process (`mkdocs serve`), and, when the check knows the project, on disk
# for the next process (`mkdocs build`, CI with a restored cache).
# A change to this module (what _scan finds) starts the kept scans afresh.
SCAN_VERSION = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
CACHE_DIR = Path(".cache") / "bookkit" / "site-check"
_SCANS_BY_DIGEST: dict[str, _Scan] = {}
_SCANS_KEPT = 4096


def _templates_digest(project_root: Path | None) -> str:
    """What the theme's inline scripts depend on: every template and script file's path,
    size and modification time (read, not parsed: that is what _theme_scripts costs)."""
    digest = hashlib.sha256(str(SCAN_VERSION).encode())
    for folder in _template_dirs(project_root):
        for path in _template_files(folder):
            stat = path.stat()
            digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def _kept_scan(kept) -> _Scan | None:
    """A kept scan, or None when ``kept`` is not one (each field a list of strings): an empty
    or damaged file must not pass a page unscanned."""
    names = {item.name for item in fields(_Scan)}
    if not (isinstance(kept, dict) and set(kept) == names):
        return None
    if not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in kept.values()):
        return None
    return _Scan(**kept)


def _scan_file(path: Path, project_root: Path | None = None, templates: str = "",
               memo: Memo | None = None, seen: Stamps | None = None) -> _Scan:
    """The scan of one built file, from the caches when its bytes were scanned before (the
    in-process one, then ``memo``, the project's :data:`CACHE_DIR`). ``seen`` (kept by
    ``serve`` across rebuilds): a file whose time and size are the same as when it was read is
    not read again."""
    if memo is None and project_root is not None:
        memo = scan_memo(project_root / CACHE_DIR)
    stat = path.stat()
    key = seen.key(path, stat) if seen is not None else None
    if key in _SCANS_BY_DIGEST:
        if memo is not None:
            memo.used.add(key)
        return _SCANS_BY_DIGEST[key]
    data = path.read_bytes()
    is_css = path.suffix == ".css"
    key = hashlib.sha256(
        f"{SCAN_VERSION}\0{is_css}\0{project_root}\0{templates}\0".encode() + data
    ).hexdigest()
    if seen is not None:
        seen.remember(path, stat, key)
    if memo is not None:
        memo.used.add(key)
    if key in _SCANS_BY_DIGEST:
        return _SCANS_BY_DIGEST[key]
    scan = _kept_scan(memo.get_json(key)) if memo is not None else None
    if scan is None:
        scan = _scan(data.decode("utf-8", errors="replace"), is_css, project_root)
        if memo is not None:
            memo.put_json(key, asdict(scan))
    if len(_SCANS_BY_DIGEST) >= _SCANS_KEPT:
        _SCANS_BY_DIGEST.clear()
    _SCANS_BY_DIGEST[key] = scan
    return scan


def _own_file(site_dir: Path, page: Path, src: str) -> bool:
    """Whether a same-site script URL names a file of the built site."""
    parts = urlsplit(src)
    if parts.scheme == "data":
        return parts.path.partition(",")[2] == ""  # an empty script (custom_mathjax_url)
    if parts.scheme or parts.netloc:
        return False
    path = unquote(parts.path)
    site = site_dir.resolve()
    if path.startswith("/"):  # site-absolute; the site may be served under a path
        pieces = [p for p in path.split("/") if p]
        candidates = [site.joinpath(*pieces[n:]) for n in range(len(pieces))]
    else:
        candidates = [(page.parent / path).resolve()]
    return any(c.is_file() and c.is_relative_to(site) for c in candidates)


def check_offline(site_dir: Path) -> list[str]:
    return _check_pages(site_dir, None)[0]


def check_markup(site_dir: Path, project_root: Path | None = None) -> list[str]:
    return _check_pages(site_dir, project_root)[1]


def scan_memo(folder: Path) -> Memo:
    """The memo of scans of built files in ``folder`` (one JSON per file's bytes; the project's
    is ``CACHE_DIR``)."""
    return Memo(folder, ".json")


def _check_pages(site_dir: Path, project_root: Path | None,
                 memo: Memo | None = None, seen: Stamps | None = None,
                 ) -> tuple[list[str], list[str]]:
    """Problems of checks 3 (offline), and 4 and 5 (script, pictures), from one parse of each
    page."""
    offline: list[str] = []
    markup: list[str] = []
    templates = _templates_digest(project_root) if project_root is not None else ""
    for path in sorted(site_dir.rglob("*")):
        if path.suffix not in (".html", ".css"):
            continue
        scan = _scan_file(path, project_root, templates, memo, seen)
        name = path.relative_to(site_dir)
        for url in scan.loads:
            offline.append(f"{name}: loads {url} from another host")
        markup += [f"{name}: {problem}" for problem in scan.problems + scan.unnamed]
        markup += [f'{name}: <script src="{src}"> is not one of the site\'s files'
                   for src in scan.script_srcs if not _own_file(site_dir, path, src)]
    return offline, markup


_SEARCH_TAGS = re.compile(r"</?(?:p|code|pre|li|ol|ul|sub|sup)>")


def check_search_index(site_dir: Path, index: dict | None = None,
                       passed: dict | None = None) -> list[str]:
    """Markup in the search index, which Material's search shows as HTML (check 5): the one
    written in ``site_dir``, or ``index``, the one the build just wrote there. ``passed`` (kept
    by ``serve`` across rebuilds): each section's text fields as they last passed; a section
    whose fields are the same is not searched again."""
    path = site_dir / "search" / "search_index.json"
    if not path.is_file():
        return []
    deferred = path.parent / DOCS_FILE  # the documents, where the site defers them
    name = (deferred if deferred.is_file() else path).relative_to(site_dir)
    problems: list[str] = []
    for doc in (index or read_index(site_dir)).get("docs", []):
        fields = [(key, value) for key, value in doc.items()
                  if isinstance(value, str) and key != "location"]
        if passed is not None and passed.get(doc.get("location")) == fields:
            continue
        for key, value in fields:
            text = _SEARCH_TAGS.sub("", value) if key in ("title", "text") else value
            found = re.search(r"<[^<]{0,60}|>", text)
            if found:
                problems.append(f"{name}: section {doc.get('location')!r} holds markup in "
                                f"{key!r}: {found.group(0)!r}")
                break
        else:
            if passed is not None:
                passed[doc.get("location")] = fields
    return problems


def check_site(docs_dir: Path, site_dir: Path, project_root: Path,
               notebooks: list[Page], search_index: dict | None = None,
               memo: Memo | None = None, passed: dict | None = None,
               seen: Stamps | None = None) -> list[str]:
    """The post-build checks: notebook pages, offline loading, script, the search index (as
    written in ``site_dir``, or ``search_index``, the one the build just wrote there). ``memo``
    (default: the project's) marks every scan the site needed, for the caller's sweep;
    ``passed``: :func:`check_search_index`'s; ``seen``: :func:`_scan_file`'s."""
    offline, markup = _check_pages(site_dir, project_root, memo, seen)
    notebook_problems = [
        problem for page in notebooks
        for problem in check_notebook_page(
            site_dir, page.source.resolve().relative_to(docs_dir.resolve()), page.notebook)
    ]
    return (notebook_problems + offline + markup
            + check_search_index(site_dir, search_index, passed))
