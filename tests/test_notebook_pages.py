"""Notebook pages fitted to the site (bookkit.mkdocs.notebook_pages.notebook_page): JupyterLab's
stylesheet out, the book's code colours, and each image's text alternative from its output."""

from __future__ import annotations

import nbformat
import pytest

from bookkit.mkdocs.notebook_pages import NotebookPageError, notebook_page
from bookkit.mkdocs.site_check import NBCONVERT_ALT, check_markup

PNG = "iVBORw0KGgo="
IMAGE = (
    f'<div class="jp-RenderedImage jp-OutputArea-output">'
    f'<img alt="{NBCONVERT_ALT}" src="data:image/png;base64,{PNG}"></div>\n'
)
RENDERED = f"""<style type="text/css">.jupyter-wrapper {{--jp-a: 1}}</style>
<div class="jupyter-wrapper"><div class="jp-Cell jp-CodeCell">
<div class="highlight-ipynb hl-python"><pre><span class="k">import</span> torch</pre></div>
{IMAGE}{IMAGE}</div><style>.x {{}}</style>
<h2 id="2">손실 곡선<a class="anchor-link" href="#2">¶</a></h2></div>"""


def _notebook(alts):
    outputs = [
        nbformat.v4.new_output(
            "display_data",
            data={"image/png": PNG},
            metadata={"image/png": {"alt": alt}} if alt else {},
        )
        for alt in alts
    ]
    cell = nbformat.v4.new_code_cell("import torch", outputs=outputs)
    return nbformat.v4.new_notebook(cells=[cell])


def test_page_drops_jupyterlab_styles_and_takes_alts_from_the_outputs(tmp_path):
    html, tokens = notebook_page(
        RENDERED, _notebook(["선 그래프: 손실 5.54에서 0.016까지", "막대 그래프"]))
    assert "<style" not in html
    assert 'class="highlight-ipynb hl-python highlight"' in html  # Material's code colours
    assert 'alt="선 그래프: 손실 5.54에서 0.016까지"' in html and 'alt="막대 그래프"' in html
    assert NBCONVERT_ALT not in html
    assert tokens[0]["id"] == "손실-곡선"


def test_an_image_without_alt_keeps_the_placeholder_which_the_site_check_refuses(tmp_path):
    html, _ = notebook_page(RENDERED, _notebook(["막대 그래프", None]))
    assert html.count(NBCONVERT_ALT) == 1
    page = tmp_path / "site" / "nb" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text(f"<!doctype html><html><body>{html}</body></html>", encoding="utf-8")
    problems = check_markup(tmp_path / "site")
    assert len(problems) == 1 and "nb/index.html: <img> without a text alternative" in problems[0]


def test_page_and_notebook_must_agree_on_images(tmp_path):
    with pytest.raises(NotebookPageError, match="shows 2 images, the notebook has 1"):
        notebook_page(RENDERED, _notebook(["하나"]))
