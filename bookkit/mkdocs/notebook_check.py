"""Post-build check of the notebook pages that mkdocs-jupyter executes and renders.

markdown-exec pages are checked by :mod:`bookkit.mkdocs.site_check` through markers the build hook
adds; notebook pages are rendered by nbconvert, so this check reads the built HTML instead and
compares it with the notebook's source, cell by cell:

- the page exists and shows as many code cells as the source has;
- every code cell that should produce output shows one (a page that silently rendered nothing,
  or a cell whose output vanished, fails); cells tagged ``check`` hold hidden asserts and may
  stay silent;
- no cell shows a traceback or a missing-glyph warning (Korean plot labels must render);
- the page offers its ``.ipynb`` for download: the file sits next to the page and is linked.

Sources may be ``.ipynb`` or jupytext ``.md``/``.py`` notebooks. Pages are parsed once each,
with selectolax's Lexbor parser like :mod:`bookkit.mkdocs.site_check`.
"""

from __future__ import annotations

import re
from pathlib import Path

import jupytext
from selectolax.lexbor import LexborHTMLParser, LexborNode

from bookkit.pages import built_page_path

SILENT_TAGS = ("check",)

_BAD_OUTPUT = {
    "a traceback": re.compile(r"Traceback \(most recent call last\)"),
    "a missing-glyph warning": re.compile(r"does not have a glyph|missing from font", re.I),
}


def _docs_relative(source: Path, docs_dir: Path | None) -> Path:
    if docs_dir is not None:
        return source.resolve().relative_to(docs_dir.resolve())
    parts = source.resolve().parts
    if "docs" not in parts:
        raise ValueError(f"{source}: not under a docs folder; pass docs_dir")
    index = len(parts) - 1 - parts[::-1].index("docs")
    return Path(*parts[index + 1 :])


def _classes(node: LexborNode) -> list[str]:
    return (node.attributes.get("class") or "").split()


def _code_cells(page: LexborHTMLParser) -> list[LexborNode]:
    """Every rendered code cell, in order.

    nbconvert's lab template wraps each cell in two ``jp-Cell`` divs with the same classes;
    only the innermost of each pair is kept.
    """
    return [cell for cell in page.css("div.jp-Cell") if "jp-CodeCell" in _classes(cell)
            and len(cell.css("div.jp-Cell")) == 1]  # a node's css() matches the node too


def _outputs_text(cell: LexborNode) -> str:
    return "\n".join(out.text() for out in cell.css(".jp-OutputArea-output"))


def check_notebook_pages(
    site_dir: Path,
    notebook_sources: list[Path],
    *,
    docs_dir: Path | None = None,
    require_download: bool = True,
) -> list[str]:
    """Problems with the built pages of ``notebook_sources``; ``[]`` when all is well.

    Each source is read from the path given. Its page's place in ``site_dir`` follows from its
    path relative to ``docs_dir`` when given, else to the last ``docs`` folder in its path.
    """
    problems: list[str] = []
    for source in notebook_sources:
        relative = _docs_relative(Path(source), docs_dir)
        try:
            notebook = jupytext.read(source)
        except Exception as error:  # noqa: BLE001  (report any unreadable notebook)
            problems.append(f"docs/{relative.as_posix()}: cannot read the notebook: {error}")
            continue
        problems += check_notebook_page(site_dir, relative, notebook, require_download)
    return problems


def check_notebook_page(site_dir: Path, relative: Path, notebook,
                        require_download: bool = True) -> list[str]:
    """Problems with the built page of ``notebook`` (jupytext's), at ``relative`` in docs/."""
    name = f"docs/{relative.as_posix()}"
    page_path = built_page_path(relative, Path("."), site_dir)
    if not page_path.is_file():
        return [f"{name}: no built page {page_path}"]
    code_cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    page = LexborHTMLParser(page_path.read_text(encoding="utf-8"))
    rendered = _code_cells(page)
    if len(rendered) != len(code_cells):
        return [f"{name}: the page shows {len(rendered)} code cells, the notebook has "
                f"{len(code_cells)}"]
    problems: list[str] = []
    for number, (cell, shown) in enumerate(zip(code_cells, rendered, strict=True), start=1):
        problems += _cell_problems(f"{name}: code cell {number} ({_first_line(cell.source)!r})",
                                   cell, shown)
    if require_download:
        problems += _download_problems(name, relative, page_path, page)
    return problems


def _cell_problems(label: str, cell, shown: LexborNode) -> list[str]:
    """A rendered code cell without the output it should show, or with a bad one."""
    problems: list[str] = []
    tags = set(cell.get("metadata", {}).get("tags", []))
    has_output = (
        "jp-mod-noOutputs" not in _classes(shown)
        and shown.css_first(".jp-OutputArea-output") is not None
    )
    if not has_output and cell.source.strip() and not tags & set(SILENT_TAGS):
        problems.append(f"{label}: rendered no output")
    text = _outputs_text(shown)
    for what, pattern in _BAD_OUTPUT.items():
        if pattern.search(text):
            problems.append(f"{label}: output shows {what}")
    return problems


def _download_problems(name: str, relative: Path, page_path: Path,
                       page: LexborHTMLParser) -> list[str]:
    """The page's ``.ipynb`` missing next to it, or not linked from it."""
    problems: list[str] = []
    download = f"{relative.stem}.ipynb"
    if not (page_path.parent / download).is_file():
        problems.append(f"{name}: {download} is not next to the built page")
    if not any(a.attributes.get("href") == download for a in page.css("a[href]")):
        problems.append(f"{name}: the page has no download link to {download}")
    return problems


def _first_line(source: str) -> str:
    lines = [line for line in source.splitlines() if line.strip()]
    return lines[0][:60] if lines else ""
