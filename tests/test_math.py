"""Math set at build time (bookkit.mkdocs.math_render): KaTeX's HTML and MathML in the page, a
bad formula named by page and line, and the site check that finds a formula left unset."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookkit.mkdocs.math_render import KATEX, Katex, MathError, render_page_math
from bookkit.mkdocs.site_check import check_markup

ROOT = Path(__file__).resolve().parent.parent
PAGE = """<p>기울기 <span class="arithmatex">\\( 3x^2 + 2 \\)</span>입니다.</p>
<div class="arithmatex">\\[
f'(x) \\approx \\frac{f(x + h) - f(x - h)}{2h}
\\]</div>"""
CELL = (
    '<div class="jp-RenderedHTMLCommon jp-RenderedMarkdown"><p>입력은 $a &lt; 1$이고'
    "</p><p>$$\nv_k = \\beta v_{k-1}\n$$</p><p><code>echo $HOME</code></p></div>"
)


@pytest.fixture(scope="module")
def katex():
    katex = Katex(ROOT / "docs" / KATEX)
    yield katex
    katex.close()


def test_formulas_become_katex_html_with_mathml(katex):
    html = render_page_math(PAGE, katex, "docs/p.md", "", notebook=False)
    assert "\\(" not in html and "\\[" not in html
    assert html.count('<span class="katex">') == 2 and html.count("katex-display") == 1
    assert html.count("<math") == 2  # what screen readers read
    assert '<annotation encoding="application/x-tex">3x^2 + 2</annotation>' in html
    assert html.count('<span aria-hidden="true" class="katex-html">') == 2  # drawn, not read


def test_notebook_markdown_dollars_are_set_and_code_is_not(katex):
    html = render_page_math(CELL, katex, "docs/labs/nb.md", "", notebook=True)
    assert "$" not in html.replace("echo $HOME", "")
    assert "<code>echo $HOME</code>" in html
    assert html.count('<span class="katex">') == 2 and "katex-display" in html
    assert "a &lt; 1" in html  # the annotation keeps the TeX, escaped
    # A paragraph that is one display formula becomes arithmatex's block, whose box scrolls.
    assert '</p><div class="arithmatex"><span class="katex-display">' in html
    # Off a notebook page a $ is text.
    assert render_page_math(CELL, katex, "docs/p.md", "", notebook=False) == CELL


def test_bad_formula_names_page_and_line(katex):
    source = "제목\n\n본문 \\( \\frac{a}{ \\) 끝\n"
    html = '<p><span class="arithmatex">\\( \\frac{a}{ \\)</span></p>'
    with pytest.raises(MathError, match=r"docs/p\.md:3: KaTeX cannot render '\\\\frac\{a\}\{'"):
        render_page_math(html, katex, "docs/p.md", source, notebook=False)
    with pytest.raises(MathError, match="Undefined control sequence"):
        render_page_math(
            '<span class="arithmatex">\\( \\nosuch x \\)</span>',
            katex,
            "docs/p.md",
            "",
            notebook=False,
        )


def test_lone_dollar_in_a_markdown_cell_stops_the_build(katex):
    cell = '<div class="jp-RenderedMarkdown"><p>가격 $3과 $x$</p></div>'
    with pytest.raises(MathError, match=r"docs/labs/nb\.md:2: a \$ without its pair"):
        render_page_math(cell, katex, "docs/labs/nb.md", "# 제목\n가격 $3과 $x$\n", notebook=True)


def test_missing_node_is_a_clear_error(monkeypatch):
    monkeypatch.setattr("shutil.which", lambda name: None)
    with pytest.raises(MathError, match="node is not on PATH: install Node.js"):
        render_page_math(PAGE, Katex(ROOT / "docs" / KATEX), "docs/p.md", "", notebook=False)


def test_site_check_finds_formulas_left_unset(tmp_path, katex):
    """A page whose math was not set at build time fails the post-build check."""
    pages = {
        "set": render_page_math(PAGE, katex, "docs/p.md", "", notebook=False),
        "unset": PAGE,
        "cell": CELL,
        "setcell": render_page_math(CELL, katex, "docs/nb.md", "", notebook=True),
    }
    for name, body in pages.items():
        page = tmp_path / name / "index.html"
        page.parent.mkdir()
        page.write_text(f"<!doctype html><html><body>{body}</body></html>", encoding="utf-8")
    problems = check_markup(tmp_path)
    assert [p.split(":")[0] for p in problems] == ["cell/index.html"] * 2 + [
        "unset/index.html"
    ] * 2, problems
    assert all("formula not set at build time" in p for p in problems)
