"""Math rendered at build time: every formula of a page becomes KaTeX's HTML and MathML.

Pages ship no KaTeX script, only its stylesheet and the fonts it names. The formulas are set by
the site's own KaTeX (``docs/assets/vendor/katex/katex.min.js``, the copy whose stylesheet the
pages link), run in one node process per build (``katex_render.js``). KaTeX's MathML goes with
its HTML, so screen readers read the formula and the drawn copy is hidden from them.

A page's formulas are

- arithmatex's elements (generic mode): ``<span class="arithmatex">\\(…\\)</span>`` and
  ``<div class="arithmatex">\\[…\\]</div>``;
- on a notebook page, ``$…$`` and ``$$…$$`` in the text of its Markdown cells (Jupyter's
  notation), outside code.

A formula KaTeX cannot set (strict mode: also what LaTeX would not accept) and a ``$`` left
without its pair in a Markdown cell stop the build with the page and line.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from bs4 import BeautifulSoup, NavigableString

KATEX = Path("assets") / "vendor" / "katex" / "katex.min.js"  # under docs_dir
SCRIPT = Path(__file__).with_name("katex_render.js")
DOLLARS = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)
DELIMITERS = {("\\(", "\\)"): False, ("\\[", "\\]"): True}
NOT_PROSE = {"code", "pre", "script", "style"}

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
                self.close()
                raise MathError(f"KaTeX in node stopped: {self.process.stderr.read().strip()}")
            self.rendered.update(zip(new, json.loads(line), strict=True))
        return {formula: self.rendered[formula] for formula in formulas}

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(timeout=30)


def _arithmatex(soup: BeautifulSoup, where) -> list[tuple[object, Formula]]:
    found = []
    for element in soup.select(".arithmatex"):
        text = element.get_text().strip()
        display = next(
            (
                d
                for (left, right), d in DELIMITERS.items()
                if text.startswith(left) and text.endswith(right)
            ),
            None,
        )
        if display is None:
            raise MathError(
                f"{where(text)}: arithmatex element without \\( \\) or \\[ \\]: {text[:80]!r}"
            )
        found.append((element, (text[2:-2].strip(), display)))
    return found


def _notebook_text(soup: BeautifulSoup, where) -> list[tuple[NavigableString, list]]:
    """Text nodes of Markdown cells with ``$`` math: each with its parts (text or formula)."""
    found = []
    for cell in soup.select(".jp-RenderedMarkdown"):
        for text in cell.find_all(string=True):
            if "$" not in text or any(p.name in NOT_PROSE for p in text.parents):
                continue
            parts: list = []
            at = 0
            for match in DOLLARS.finditer(text):
                parts.append(text[at : match.start()])
                tex = match.group(1) if match.group(1) is not None else match.group(2)
                parts.append((tex.strip(), match.group(1) is not None))
                at = match.end()
            parts.append(text[at:])
            lone = next((p for p in parts if isinstance(p, str) and "$" in p), None)
            if lone is not None:
                raise MathError(
                    f"{where(lone.strip())}: a $ without its pair in a Markdown "
                    f"cell: {lone.strip()[:80]!r}"
                )
            found.append((text, parts))
    return found


def render_page_math(html: str, katex: Katex, label: str, source: str, notebook: bool) -> str:
    """``html`` with its formulas set by KaTeX; ``label`` and ``source`` name bad ones."""
    if 'class="arithmatex' not in html and not (notebook and "$" in html):
        return html

    def where(tex: str) -> str:
        at = source.find(tex) if tex else -1
        return f"{label}:{source.count(chr(10), 0, at) + 1}" if at >= 0 else label

    soup = BeautifulSoup(html, "html.parser")
    elements = _arithmatex(soup, where)
    texts = _notebook_text(soup, where) if notebook else []
    formulas = [f for _, f in elements] + [
        p for _, parts in texts for p in parts if isinstance(p, tuple)
    ]
    results = katex.render(formulas)
    bad = [(tex, results[(tex, d)]["error"]) for tex, d in formulas if "error" in results[(tex, d)]]
    if bad:
        raise MathError(
            "\n  ".join(f"{where(tex)}: KaTeX cannot render {tex!r}: {error}" for tex, error in bad)
        )

    def drawn(formula: Formula):
        # A display formula is a block, like arithmatex's: its box scrolls when it is too wide.
        tag = "div" if formula[1] else "span"
        return BeautifulSoup(
            f'<{tag} class="arithmatex">{results[formula]["html"]}</{tag}>', "html.parser"
        ).contents[0]

    for element, formula in elements:
        element.clear()
        element.append(drawn(formula).contents[0])
    for text, parts in texts:
        paragraph = text.parent
        text.replace_with(
            *[NavigableString(p) if isinstance(p, str) else drawn(p) for p in parts if p]
        )
        if paragraph.name == "p" and [c.name for c in paragraph.contents] == ["div"]:
            paragraph.unwrap()  # a paragraph that is one display formula: no <div> inside <p>
    return str(soup)
