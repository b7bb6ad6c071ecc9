"""bookkit.mkdocs.notebook_check.check_notebook_pages on small notebooks rendered by nbconvert."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from mkdocs_jupyter.nbconvert2 import nb2html
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from bookkit.mkdocs.notebook_check import check_notebook_pages


def stream(text: str, name: str = "stdout"):
    return new_output("stream", name=name, text=text)


def make_notebook(outputs: list[list]) -> nbformat.NotebookNode:
    cells = [new_markdown_cell("# 제목")]
    for index, cell_outputs in enumerate(outputs):
        cell = new_code_cell(f"print({index})", outputs=cell_outputs)
        cells.append(cell)
    cells.append(new_code_cell("assert True", metadata={"tags": ["check"]}))
    return new_notebook(cells=cells, metadata={"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}})


def build(tmp_path: Path, notebook, rendered=None, download=True) -> tuple[Path, Path]:
    """Write docs/labs/nb.ipynb and a site page rendered from ``rendered`` (default: it)."""
    docs, site = tmp_path / "docs", tmp_path / "site"
    source = docs / "labs" / "nb.ipynb"
    source.parent.mkdir(parents=True)
    source.write_text(nbformat.writes(notebook), encoding="utf-8")
    shown = docs / "shown.ipynb"
    shown.write_text(nbformat.writes(rendered or notebook), encoding="utf-8")
    body = nb2html(str(shown), execute=False, remove_tag_config={"remove_input_tags": ["check"]})
    page = site / "labs" / "nb" / "index.html"
    page.parent.mkdir(parents=True)
    link = '<a href="nb.ipynb" download>내려받기</a>' if download else ""
    page.write_text(f"<html><body>{link}{body}</body></html>", encoding="utf-8")
    if download:
        (page.parent / "nb.ipynb").write_text(nbformat.writes(notebook), encoding="utf-8")
    return source, site


def test_complete_page_passes(tmp_path, monkeypatch):
    source, site = build(tmp_path, make_notebook([[stream("0\n")], [stream("1\n")]]))
    assert check_notebook_pages(site, [source]) == []
    monkeypatch.chdir(tmp_path)
    assert check_notebook_pages(site, [Path("docs/labs/nb.ipynb")]) == []  # cwd-relative
    assert check_notebook_pages(site, [source], docs_dir=tmp_path / "docs") == []


def test_cell_without_output_fails(tmp_path):
    notebook = make_notebook([[stream("0\n")], [stream("1\n")]])
    silent = make_notebook([[stream("0\n")], []])  # the page lost cell 2's output
    source, site = build(tmp_path, notebook, rendered=silent)
    problems = check_notebook_pages(site, [source])
    assert len(problems) == 1 and "code cell 2 ('print(1)'): rendered no output" in problems[0]


def test_page_with_missing_cells_fails(tmp_path):
    notebook = make_notebook([[stream("0\n")], [stream("1\n")]])
    source, site = build(tmp_path, notebook, rendered=make_notebook([[stream("0\n")]]))
    assert "the page shows 2 code cells, the notebook has 3" in check_notebook_pages(
        site, [source])[0]


def test_missing_page_fails(tmp_path):
    source, site = build(tmp_path, make_notebook([[stream("0\n")]]))
    (site / "labs" / "nb" / "index.html").unlink()
    assert "no built page" in check_notebook_pages(site, [source])[0]


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("Traceback (most recent call last):\n  ValueError: x\n", "a traceback"),
        ("Glyph 54620 missing from font(s) DejaVu Sans.\n", "a missing-glyph warning"),
    ],
)
def test_bad_output_fails(tmp_path, text, what):
    source, site = build(tmp_path, make_notebook([[stream(text, "stderr")]]))
    assert check_notebook_pages(site, [source]) == [
        f"docs/labs/nb.ipynb: code cell 1 ('print(0)'): output shows {what}"]


def test_missing_download_fails(tmp_path):
    source, site = build(tmp_path, make_notebook([[stream("0\n")]]), download=False)
    problems = check_notebook_pages(site, [source])
    assert any("is not next to the built page" in p for p in problems)
    assert any("no download link" in p for p in problems)
    assert check_notebook_pages(site, [source], require_download=False) == []
