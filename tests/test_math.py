"""Math set at build time (bookkit.mkdocs.math_render): KaTeX's HTML and MathML in the page, a
bad formula named by page and line, and the site check that finds a formula left unset."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookkit.mkdocs.book import source_lines
from bookkit.mkdocs.math_render import (
    KATEX,
    Katex,
    MathError,
    SetPages,
    mark_notebook_page,
    render_page_math,
)
from bookkit.mkdocs.site_check import check_markup

ROOT = Path(__file__).resolve().parent.parent
PAGE = """<!doctype html><a href="p.ipynb" download>내려받기</a>
<p>기울기 <span class="arithmatex">\\( 3x^2 + 2 \\)</span>입니다.</p>
<div class="arithmatex">\\[
f'(x) \\approx \\frac{f(x + h) - f(x - h)}{2h}
\\]</div><br>"""
CELL = (
    '<div class="jp-RenderedHTMLCommon jp-RenderedMarkdown"><p>입력은 $a &lt; 1$이고'
    "</p><p>$$\nv_k = \\beta v_{k-1}\n$$</p><p><code>echo $HOME</code></p></div>"
)
NOWHERE = source_lines("docs/p.md", "")


@pytest.fixture(scope="module")
def katex():
    katex = Katex(ROOT / "docs" / KATEX)
    yield katex
    katex.close()


def notebook_cell(html: str, where=NOWHERE) -> str:
    return mark_notebook_page(html, where)


@pytest.mark.e2e  # starts a process
def test_formulas_become_katex_html_with_mathml(katex):
    html = render_page_math(PAGE, katex, NOWHERE)
    assert "\\(" not in html and "\\[" not in html
    assert html.count('<span class="katex">') == 2 and html.count("katex-display") == 1
    assert html.count("<math") == 2  # what screen readers read
    assert '<annotation encoding="application/x-tex">3x^2 + 2</annotation>' in html
    assert html.count('<span class="katex-html" aria-hidden="true">') == 2  # drawn, not read
    # Only the formulas change: the rest of the page keeps its bytes.
    assert html.startswith('<!doctype html><a href="p.ipynb" download>내려받기</a>\n<p>기울기 ')
    assert html.endswith("</div><br>")


@pytest.mark.e2e  # starts a process
def test_a_set_page_is_kept_across_builds_until_it_or_katex_changes(tmp_path, katex):
    started = []

    def counted() -> Katex:
        started.append(1)
        return katex

    folder, katex_js = tmp_path / "math", ROOT / "docs" / KATEX
    first = SetPages(folder, katex_js).render(PAGE, counted, NOWHERE)
    build = SetPages(folder, katex_js)  # a build in a new process
    assert build.render(PAGE, counted, NOWHERE) == first
    assert len(started) == 1
    changed = PAGE.replace("3x^2", "4x^2")
    assert "4x^2 + 2</annotation>" in build.render(changed, counted, NOWHERE)
    assert build.render("<p>식 없음</p>", counted, NOWHERE) == "<p>식 없음</p>"
    assert len(started) == 2
    other_katex = tmp_path / "katex.min.js"
    other_katex.write_bytes(katex_js.read_bytes() + b"\n")
    SetPages(folder, other_katex).render(changed, counted, NOWHERE)
    assert len(started) == 3
    last = SetPages(folder, katex_js)
    last.render(changed, counted, NOWHERE)
    last.prune()  # only what this build used stays
    assert len(list(folder.glob("*/*"))) == 1 and len(started) == 3


@pytest.mark.e2e  # starts a process
def test_notebook_markdown_dollars_become_arithmatex_and_code_does_not(katex):
    marked = notebook_cell(CELL)
    assert '<span class="arithmatex">\\(a &lt; 1\\)</span>' in marked
    # A paragraph that is one display formula becomes arithmatex's block, whose box scrolls.
    assert '</p><div class="arithmatex">\\[v_k = \\beta v_{k-1}\\]</div><p>' in marked
    assert "<code>echo $HOME</code>" in marked
    html = render_page_math(marked, katex, NOWHERE)
    assert html.count('<span class="katex">') == 2 and "katex-display" in html


@pytest.mark.e2e  # starts a process
def test_bad_formula_names_page_and_line(katex):
    where = source_lines("docs/p.md", "제목\n\n본문 \\( \\frac{a}{ \\) 끝\n")
    html = '<p><span class="arithmatex">\\( \\frac{a}{ \\)</span></p>'
    with pytest.raises(MathError, match=r"docs/p\.md:3: KaTeX cannot render '\\\\frac\{a\}\{'"):
        render_page_math(html, katex, where)
    with pytest.raises(MathError, match="Undefined control sequence"):
        render_page_math('<span class="arithmatex">\\( \\nosuch x \\)</span>', katex, NOWHERE)


def test_markup_inside_a_formula_stops_the_build(katex):
    with pytest.raises(MathError, match="markup inside a formula"):
        render_page_math('<span class="arithmatex">\\( <b>x</b> \\)</span>', katex, NOWHERE)


def test_lone_dollar_in_a_markdown_cell_stops_the_build():
    where = source_lines("docs/labs/nb.md", "# 제목\n가격 $3과 $x$\n")
    with pytest.raises(MathError, match=r"docs/labs/nb\.md:2: a \$ without its pair"):
        notebook_cell('<div class="jp-RenderedMarkdown"><p>가격 $3과 $x$</p></div>', where)


def test_missing_node_is_a_clear_error(monkeypatch):
    monkeypatch.setattr("shutil.which", lambda name: None)
    with pytest.raises(MathError, match="node is not on PATH: install Node.js"):
        render_page_math(PAGE, Katex(ROOT / "docs" / KATEX), NOWHERE)


@pytest.mark.e2e  # starts a process
def test_site_check_finds_formulas_left_unset(tmp_path, katex):
    """A page whose math was not set at build time fails the post-build check."""
    pages = {
        "set": render_page_math(PAGE, katex, NOWHERE),
        "unset": PAGE,
        "cell": CELL,
        "setcell": render_page_math(notebook_cell(CELL), katex, NOWHERE),
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
