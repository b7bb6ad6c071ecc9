"""Math rendered at build time: every formula of a page becomes KaTeX's HTML and MathML.

Pages ship no KaTeX script, only its stylesheet and the fonts it names. The formulas are set by
the site's own KaTeX (``docs/assets/vendor/katex/katex.min.js``, the copy whose stylesheet the
pages link), run in one node process per build (``katex_render.js``). KaTeX's MathML goes with
its HTML, so screen readers read the formula and the drawn copy is hidden from them.

A page's formulas are

- arithmatex's elements (generic mode): ``<span class="arithmatex">\\(…\\)</span>`` and
  ``<div class="arithmatex">\\[…\\]</div>``;
- on a notebook page, ``$…$`` and ``$$…$$`` in the text of its Markdown cells (Jupyter's
  notation), outside code, which :func:`mark_notebook_math` turns into arithmatex's elements.

A formula KaTeX cannot set (strict mode: also what LaTeX would not accept) and a ``$`` left
without its pair in a Markdown cell stop the build with the page and line.

A page set once is kept (:class:`SetPages`, ``.cache/bookkit/math/``), so a build in a new
process starts no KaTeX for pages an earlier build set.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from collections.abc import Callable
from html import unescape
from pathlib import Path

from bs4 import BeautifulSoup, NavigableString

from bookkit.memo import Memo

KATEX = Path("assets") / "vendor" / "katex" / "katex.min.js"  # under docs_dir
SCRIPT = Path(__file__).with_name("katex_render.js")
DOLLARS = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)
DELIMITERS = {("\\(", "\\)"): False, ("\\[", "\\]"): True}
NOT_PROSE = {"code", "pre", "script", "style"}
# An arithmatex element as arithmatex (generic mode) and mark_notebook_math write it.
ELEMENT = re.compile(r'<(span|div) class="arithmatex">(?P<tex>.*?)</\1>', re.S)

Formula = tuple[str, bool]  # TeX, display


class MathError(Exception):
    """A formula that cannot be rendered, or no way to render it."""


class Katex:
    """One node process running the site's KaTeX for a build; rendered formulas are kept."""

    def __init__(self, katex_js: Path) -> None:
        self.katex_js = katex_js
        self.process: subprocess.Popen | None = None
        self.rendered: dict[Formula, dict] = {}

    def _start(self) -> subprocess.Popen:
        node = shutil.which("node")
        if node is None:
            raise MathError(
                "math is rendered at build time by KaTeX in node, and node is not "
                "on PATH: install Node.js 18 or later (Debian: apt-get install nodejs)"
            )
        if not self.katex_js.is_file():
            raise MathError(f"{self.katex_js}: the site's KaTeX is missing; it renders the math")
        return subprocess.Popen(
            [node, str(SCRIPT), str(self.katex_js)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def render(self, formulas: list[Formula]) -> dict[Formula, dict]:
        """``{html}`` or ``{error}`` for each formula."""
        new = list(dict.fromkeys(f for f in formulas if f not in self.rendered))
        if new:
            self.process = self.process or self._start()
            self.process.stdin.write(json.dumps(new) + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
            if not line:
                why = self.process.stderr.read().strip()
                self.close()
                raise MathError(f"KaTeX in node stopped: {why}")
            self.rendered.update(zip(new, json.loads(line), strict=True))
        return {formula: self.rendered[formula] for formula in formulas}

    def close(self) -> None:
        """End the node process; the formulas set are kept, and a new one starts for the next."""
        if self.process is not None and self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(timeout=30)
        self.process = None


def _formula(text: str, where) -> Formula:
    """The TeX and display mode of an arithmatex element's text (``\\(…\\)`` or ``\\[…\\]``)."""
    for (left, right), display in DELIMITERS.items():
        if text.startswith(left) and text.endswith(right):
            return text[2:-2].strip(), display
    raise MathError(f"{where(text)}: arithmatex element without \\( \\) or \\[ \\]: {text[:80]!r}")


def mark_notebook_math(soup: BeautifulSoup, where) -> None:
    """``$…$`` and ``$$…$$`` in a notebook's Markdown cells (outside code) become arithmatex's
    elements, which :func:`render_page_math` sets like every other page's. A paragraph that is
    one display formula becomes its ``<div>``. ``where(text)`` names the source of a lone ``$``.
    """
    for cell in soup.select(".jp-RenderedMarkdown"):
        for text in cell.find_all(string=True):
            if "$" in text and not any(p.name in NOT_PROSE for p in text.parents):
                _mark_text(text, where)


def mark_notebook_page(html: str, where) -> str:
    """A notebook page's HTML (mkdocs-jupyter's, as the notebooks plugin fitted it) with its
    Markdown cells' ``$`` math as arithmatex's elements (:func:`mark_notebook_math`)."""
    if "$" not in html:
        return html
    soup = BeautifulSoup(html, "html.parser")
    mark_notebook_math(soup, where)
    return str(soup)


def _mark_text(text: NavigableString, where) -> None:
    nodes: list = []
    at = 0
    for match in DOLLARS.finditer(text):
        nodes.append(NavigableString(text[at : match.start()]))
        display = match.group(1) is not None
        tag, left, right = ("div", "\\[", "\\]") if display else ("span", "\\(", "\\)")
        element = BeautifulSoup("", "html.parser").new_tag(tag, attrs={"class": "arithmatex"})
        element.string = f"{left}{(match.group(1) or match.group(2)).strip()}{right}"
        nodes.append(element)
        at = match.end()
    nodes.append(NavigableString(text[at:]))
    lone = next((n.strip() for n in nodes if isinstance(n, NavigableString) and "$" in n), None)
    if lone is not None:
        raise MathError(f"{where(lone)}: a $ without its pair in a Markdown cell: {lone[:80]!r}")
    paragraph = text.parent
    text.replace_with(*[node for node in nodes if node.name or str(node)])
    if paragraph.name == "p" and [c.name for c in paragraph.contents] == ["div"]:
        paragraph.unwrap()  # no <div> inside a <p>


def render_page_math(html: str, katex: Katex, where) -> str:
    """``html`` with each arithmatex element's TeX replaced by KaTeX's output.

    The elements are found by their markup, which arithmatex and :func:`mark_notebook_math`
    write one way (:data:`ELEMENT`; an element with markup inside stops the build, and the
    post-build check fails a page left with an unset one), and only their text is replaced, so
    the rest of the page keeps its bytes. ``where(tex)`` names the source of a formula KaTeX
    cannot set.
    """
    if 'class="arithmatex' not in html:
        return html
    found = []
    for match in ELEMENT.finditer(html):
        if "<" in match["tex"]:
            raise MathError(f"{where(match['tex'][:40])}: markup inside a formula: "
                            f"{match[0][:80]!r}")
        found.append((match, _formula(unescape(match["tex"]).strip(), where)))
    results = katex.render([formula for _, formula in found])
    bad = [
        (tex, results[(tex, d)]["error"]) for _, (tex, d) in found if "error" in results[(tex, d)]
    ]
    if bad:
        raise MathError(
            "\n  ".join(f"{where(tex)}: KaTeX cannot render {tex!r}: {error}" for tex, error in bad)
        )
    pieces, at = [], 0
    for match, formula in found:
        pieces += [html[at : match.start("tex")], results[formula]["html"]]
        at = match.end("tex")
    return "".join(pieces) + html[at:]


class SetPages:
    """Pages as an earlier build set them, in ``folder`` by the digest of the page before and
    of what sets it (the site's KaTeX, its script, this module): a build in a new process (a
    fresh ``dev.py build``) sets again only the pages it never set. The same content-addressed
    files as every derived artefact (:class:`bookkit.memo.Memo`). :meth:`prune` removes what the
    build did not use."""

    def __init__(self, folder: Path, katex_js: Path) -> None:
        self.memo = Memo(folder)
        digest = hashlib.sha256()
        for part in (katex_js, SCRIPT, Path(__file__)):
            digest.update(hashlib.sha256(part.read_bytes() if part.is_file() else b"").digest())
        self.salt = digest.digest()

    def render(self, html: str, katex: Callable[[], Katex], where) -> str:
        """:func:`render_page_math` of ``html``, kept or made with ``katex()``."""
        if 'class="arithmatex' not in html:
            return html
        key = hashlib.sha256(self.salt + html.encode()).hexdigest()
        kept = self.memo.get(key)
        if kept is not None:
            try:
                return kept.decode("utf-8")
            except UnicodeDecodeError:
                pass
        rendered = render_page_math(html, katex(), where)
        self.memo.put(key, rendered.encode())
        return rendered

    def prune(self) -> None:
        """Remove the pages this build did not use (a full build: it used every page it has)."""
        self.memo.sweep()
