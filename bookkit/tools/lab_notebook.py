"""Generate the lab notebook pages from their percent-format sources.

The source of each notebook is a percent-format script in ``snippets/labs/``. A lab notebook is
downloaded and run in an empty folder with only torch, numpy and matplotlib, so it cannot
import the lab module: instead, a code cell of the source may hold include lines

    # --8<-- "labs/deep_learning_pytorch/tensors_and_autograd/exercises/autograd_bugs.py:evaluate"

which this replaces by that section of the file (between ``# --8<-- [start:evaluate]`` and
``# --8<-- [end:evaluate]``, as the book's snippets mark them). A generated file, such as the
student version of a lab, is read as :mod:`make_exercise_stubs` would write it, so the notebook
carries exactly the code a student gets. From the source this writes the page
``docs/labs/<page>.md``: a jupytext markdown notebook with a python3 kernelspec. The build
executes it as one unit (:mod:`bookkit.exec.kernel`) and offers the executed ``.ipynb`` as the
page's download.

    python scripts/make_lab_notebook.py          # write the notebooks
    python scripts/make_lab_notebook.py --check  # exit 1 if a notebook is out of date
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import jupytext
import nbformat

from bookkit.generated import write_or_check
from bookkit.tools import exercise_stubs as stubs

ROOT = Path(__file__).resolve().parents[2]

INCLUDE = re.compile(r'^# --8<-- "(?P<path>[^":]+)(?::(?P<section>[\w-]+))?"\s*$')
SECTION_MARK = re.compile(r"^\s*# --8<-- \[(?:start|end):[\w-]+\]\s*$")

#: notebook source (percent script) -> generated notebook page
NOTEBOOKS = {
    Path("snippets/labs/autograd_bugs_notebook.py"): Path("docs/labs/autograd-bugs.md"),
}

KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}


def included_file(path: str) -> str:
    """The text of an included file: a generated one as its generator makes it."""
    generated = stubs.expected_files(ROOT)
    if Path(path) in generated:
        return generated[Path(path)]
    return (ROOT / path).read_text(encoding="utf-8")


def section(text: str, name: str, where: str) -> str:
    """The lines between ``# --8<-- [start:name]`` and ``[end:name]``, without any marks."""
    lines = text.splitlines()
    try:
        start = lines.index(f"# --8<-- [start:{name}]")
        end = lines.index(f"# --8<-- [end:{name}]", start)
    except ValueError:
        raise ValueError(f"{where}: no section {name!r}") from None
    body = [line for line in lines[start + 1 : end] if not SECTION_MARK.match(line)]
    return "\n".join(body).strip("\n")


def expand(code: str, where: str) -> str:
    """A code cell's source with its include lines replaced by the included code."""
    out = []
    for line in code.splitlines():
        match = INCLUDE.match(line)
        if not match:
            out.append(line)
            continue
        text = included_file(match["path"])
        if match["section"]:
            text = section(text, match["section"], f"{where}: {match['path']}")
        out.append(text.strip("\n"))
    return "\n".join(out)


def read_source(source: Path) -> nbformat.NotebookNode:
    notebook = jupytext.read(source, fmt="py:percent")
    notebook.metadata = {
        "kernelspec": dict(KERNELSPEC),
        "language_info": {"name": "python"},
    }
    for index, cell in enumerate(notebook.cells):
        cell.id = f"cell-{index:02d}"
        tags = cell.metadata.get("tags")
        cell.metadata = {"tags": tags} if tags else {}
        if cell.cell_type == "code":
            cell.source = expand(cell.source, f"{source.name} cell {index}")
            cell.outputs = []
            cell.execution_count = None
    nbformat.validate(notebook)
    return notebook


def render(source: Path) -> dict[Path, str]:
    """The generated page and its text for one percent-format source."""
    notebook = read_source(ROOT / source)
    page = NOTEBOOKS[source]
    page_text = jupytext.writes(notebook, fmt="md")
    if len(jupytext.reads(page_text, fmt="md").cells) != len(notebook.cells):
        raise ValueError(f"{source}: the markdown page does not keep the notebook's cells")
    return {page: page_text}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a notebook is out of date")
    args = parser.parse_args(argv)
    expected = {target: text for source in NOTEBOOKS for target, text in render(source).items()}
    return write_or_check(
        expected, ROOT, check=args.check, command="python scripts/make_lab_notebook.py"
    )


if __name__ == "__main__":
    raise SystemExit(main())
