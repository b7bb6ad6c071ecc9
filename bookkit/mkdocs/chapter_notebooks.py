"""Every chapter page as a notebook a reader can take away.

The build writes ``<page>.ipynb`` next to each chapter page (front matter ``kind: chapter``):
the page's prose as markdown cells and its executed blocks, in order, as code cells. The
notebook runs top to bottom in an empty folder with only torch, numpy and matplotlib
installed, so what a block takes from the book is replaced:

- ``from bookkit... import`` lines go; a first code cell defines the helpers the notebook uses
  (:mod:`bookkit.notebook_helpers` says where each comes from);
- ``show_recorded("snippets/...")`` becomes the recorded snippet's own code, run on the
  reader's device;
- hidden lines (``# markdown-exec: hide``) go, as on the page;
- a block that needs anything else of the book (the stored recordings, the ``labs`` package)
  becomes a markdown cell saying so and linking the page, instead of a cell that could not run;
  so do the later blocks of its session, which may use what it made.

Cells have fixed ids and no outputs, so the same page gives the same file.
"""

from __future__ import annotations

import ast
import base64
import re
from collections.abc import Callable
from pathlib import Path

import nbformat

from bookkit.exec.units import Block
from bookkit.notebook_helpers import KOREAN_FONTS
from bookkit.page_source import Page
from bookkit.recordings.store import snippet_code

HERE = Path(__file__).resolve().parents[1]  # bookkit/, where the page helpers are
# (module, name) a block imports -> where the notebook's definition comes from:
# a whole module copied, or one function of notebook_helpers.py.
HELPERS = {
    ("bookkit.show", "expect_error"): ("show.py", None),
    ("bookkit.graph", "show_graph"): ("notebook_helpers.py", "show_graph"),
    ("bookkit.device", "recording_device"): ("notebook_helpers.py", "recording_device"),
    ("bookkit.plots", "show"): ("notebook_helpers.py", "show"),
    ("bookkit.pictures", "storage_figure"): ("pictures.py", None),
    ("bookkit.pictures", "broadcast_figure"): ("pictures.py", None),
    ("bookkit.tracebacks", "page_tracebacks"): ("tracebacks.py", None),
}
# A helper that calls code of a whole module: the module is copied first.
REQUIRES = {("notebook_helpers.py", "show_graph"): ("graph.py", None)}
_IMPORT = re.compile(r"^from (bookkit[\w.]*) import (.+)$")
_PROJECT = re.compile(r"^(from|import) (labs|bookkit)\b")  # the book's own code
_RECORDED = re.compile(r"""^show_recorded\(\s*["']([^"']+)["']""")
_HIDE = "# markdown-exec: hide"
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}


class PageOnly(Exception):
    """A block that needs the book itself (its recordings, its build) to run."""


def notebook_code(code: str, root: Path) -> tuple[str, set[tuple[str, str]]]:
    """A block's code as a notebook runs it, and the helpers it needs."""
    helpers: set[tuple[str, str]] = set()
    lines: list[str] = []
    for line in code.splitlines():
        stripped = line.strip()
        if stripped.endswith(_HIDE):
            continue
        imported = _IMPORT.match(stripped)
        if imported:
            module = imported[1]
            for name in (n.strip() for n in imported[2].split(",")):
                if (module, name) in HELPERS:
                    helpers.add((module, name))
                elif (module, name) != ("bookkit.recordings.render", "show_recorded"):
                    raise PageOnly(f"{module}.{name}")
            continue
        if _PROJECT.match(stripped):  # labs, or bookkit imported another way
            raise PageOnly(stripped.split()[1])
        recorded = _RECORDED.match(stripped)
        if recorded:
            inner, needed = notebook_code(snippet_code(recorded[1], root), root)
            lines += inner.splitlines()
            helpers |= needed
            continue
        lines.append(line)
    return "\n".join(lines).strip("\n") + "\n", helpers


def _module_body(path: Path) -> str:
    """A module's source without its docstring, ``from __future__`` and bookkit imports."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    first = 1 if tree.body and isinstance(tree.body[0], ast.Expr) else 0
    lines = source.splitlines()[tree.body[first].lineno - 1 :] if tree.body[first:] else []
    return "\n".join(line for line in lines if line != "from __future__ import annotations"
                     and not line.startswith(("import bookkit", "from bookkit")))


def _function(path: Path, name: str) -> str:
    source = path.read_text(encoding="utf-8")
    node = next(n for n in ast.parse(source).body if getattr(n, "name", None) == name)
    return ast.get_source_segment(source, node)


def helper_cell(helpers: set[tuple[str, str]]) -> str:
    parts = ["# 이 책의 도우미 함수들: 책을 설치하지 않아도 아래 셀들이 돌아가도록 정의합니다."]
    sources = {HELPERS[h] for h in helpers}
    required = {REQUIRES[s] for s in sources if s in REQUIRES} - sources

    def in_order(found: set) -> list:
        return sorted(found, key=lambda f: (f[0], f[1] or ""))

    for file, function in [*in_order(required), *in_order(sources)]:
        parts.append(_module_body(HERE / file) if function is None
                     else _function(HERE / file, function))
    return "\n\n\n".join(parts).strip() + "\n"


def _cell(kind: str, source: str) -> nbformat.NotebookNode:
    """A cell, validated with the whole notebook (``new_*_cell`` validates each one again)."""
    extra = {"execution_count": None, "outputs": []} if kind == "code" else {}
    return nbformat.from_dict({"cell_type": kind, "metadata": {}, "source": source, **extra})


def _prose(text: str) -> str:
    """Markdown for Jupyter: the book's \\( \\) and \\[ \\] math as $ and $$."""
    text = text.replace("\\(", "$").replace("\\)", "$")
    return text.replace("\\[", "$$").replace("\\]", "$$").strip("\n")


def _prose_cells(lines: list[str]) -> list:
    text = _prose("\n".join(lines))
    return [_cell("markdown", text)] if text.strip() else []


def _page_only_cell(reason: PageOnly, the_page: str) -> nbformat.NotebookNode:
    return _cell(
        "markdown",
        f"> 이 블록은 책 저장소에 있는 코드나 기록(`{reason}`)을 쓰므로 노트북에서는 "
        f"실행하지 않습니다. 출력은 {the_page}에서 볼 수 있습니다."
    )


def _page_cells(page: Page, blocks: dict[str, Block], root: Path,
                the_page: str) -> tuple[list, set[tuple[str, str]]]:
    """The page's prose and executed blocks as cells, and the helpers the code cells need."""
    lines = page.text.splitlines()
    start = lines.index("---", 1) + 1 if lines and lines[0] == "---" else 0  # front matter
    cells: list = []
    helpers: set[tuple[str, str]] = set()
    page_only: dict[str | None, str] = {}  # session -> why it cannot run in a notebook
    for fence in page.fences:
        if not fence.executed or fence.line - 1 < start:
            continue
        cells += _prose_cells(lines[start : fence.line - 1])
        start = fence.line + len(fence.body.splitlines()) + 1
        try:
            if fence.session in page_only:  # later blocks of the session use what it made
                raise PageOnly(page_only[fence.session])
            code, needed = notebook_code(blocks[fence.id].code, root)
        except PageOnly as reason:
            if fence.session is not None:
                page_only[fence.session] = str(reason)
            cells.append(_page_only_cell(reason, the_page))
            continue
        helpers |= needed
        cells.append(_cell("code", code))
    return cells + _prose_cells(lines[start:]), helpers


INSTALL = "pip install torch numpy matplotlib"


def font_cell(code: str, plot_font: Callable[[set[str]], bytes]) -> nbformat.NotebookNode:
    """The cell that gives matplotlib the Korean the notebook's plots draw: the book's plot
    font cut to the characters of ``code`` (all its code cells), embedded as base64; its
    source is folded in Jupyter."""
    font = base64.b64encode(plot_font({c for c in code if ord(c) > 127})).decode()
    lines = "\n".join(font[i:i + 96] for i in range(0, len(font), 96))
    source = ("# 그림의 한글을 그릴 글꼴: Pretendard(SIL Open Font License 1.1, "
              "github.com/orioncactus/pretendard)를\n# 이 노트북에 나오는 글자만 잘라 이름을 바꿔 "
              "넣었습니다.\n" + _function(HERE / "notebook_helpers.py", "use_korean_font")
              + "\n\n\nKOREAN_FONTS = " + repr(KOREAN_FONTS)
              + f'\n\nuse_korean_font("""\n{lines}\n""")\n')
    cell = _cell("code", source)
    cell.metadata["jupyter"] = {"source_hidden": True}
    return cell


def chapter_notebook(page: Page, blocks: dict[str, Block], root: Path,
                     page_url: str | None,
                     plot_font: Callable[[set[str]], bytes] | None = None) -> str:
    """The ``.ipynb`` text of a chapter page; ``page_url`` links back when the site has one.
    With ``plot_font`` (characters -> TTF) a notebook that draws with matplotlib gets a cell
    that embeds the Korean its plots need (:func:`font_cell`)."""
    the_page = f"[책의 페이지]({page_url})" if page_url else "책의 페이지"
    cells, helpers = _page_cells(page, blocks, root, the_page)
    intro = _cell(
        "markdown",
        f"이 노트북은 {the_page}에서 만들었습니다. torch, numpy, matplotlib만 "
        "있으면 위에서 아래로 그대로 실행됩니다. 출력은 여러분의 기계에서 실행한 결과입니다.\n\n"
        f"셋 가운데 없는 것이 있으면 먼저 설치합니다: `{INSTALL}` "
        f"(노트북 안에서는 `%{INSTALL}`)."
    )
    notebook = nbformat.v4.new_notebook(
        metadata={"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}},
    )
    setup = [_cell("code", helper_cell(helpers))] if helpers else []
    code = "\n".join(cell.source for cell in [*setup, *cells] if cell.cell_type == "code")
    if plot_font is not None and "matplotlib" in code:
        setup.append(font_cell(code, plot_font))
    notebook.cells = [intro, *setup, *cells]
    for index, cell in enumerate(notebook.cells):
        cell.id = f"cell-{index:02d}"
    nbformat.validate(notebook)
    return nbformat.writes(notebook) + "\n"
