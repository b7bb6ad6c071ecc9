"""Units of execution and the key that decides when a unit must run again.

A unit is one (page, session): the executed blocks of a page that share a ``session=``, in page
order, run in one namespace. A block without ``session=`` is a unit of its own, in the build and
in the snippet tests alike. A notebook page is one unit whose blocks are its code cells. A
notebook the site offers for download is a unit too (:func:`offered_unit`): its code cells,
run in a kernel in an empty folder without the project on its path, as a reader runs it; its
tests ask the engine for it, so its store entry is the proof that it runs.

The key of a unit is a SHA-256 over

- :data:`ENGINE_VERSION`, bumped by hand when the way outputs are captured changes;
- the environment fingerprint (:mod:`bookkit.exec.fingerprint`);
- the unit's kind, page and session;
- every block in order: its id, its code with every ``--8<--`` include expanded, its options.
  Editing an earlier block therefore changes the key of the whole session.

Line numbers are left out on purpose: prose written above a block moves it down the page but
changes nothing it prints. What the blocks import or read from the project (``labs/``, page
helpers, recordings) is not known before they run; the store records those files with each
entry and checks them on every lookup (:mod:`bookkit.exec.store`).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from bookkit.exec.jobs import KERNEL_KINDS
from bookkit.fences import validate_executed_fences
from bookkit.page_source import Page, PageError, read_page

ENGINE_VERSION = 2


class UnitsError(ValueError):
    """A page whose executed blocks cannot be run; the message lists every problem."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("invalid executed blocks:\n  " + "\n  ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Block:
    """One executed fence (or notebook code cell) with its code ready to run."""

    page: str  # root-relative path of the page, e.g. docs/tensors/index.md
    id: str
    line: int  # 1-based line of the fence in the page; 0 for notebook cells
    code: str
    options: dict[str, str] = field(hash=False)
    # Where each line of ``code`` comes from (``snippets/x.py:15``, or the page's own line):
    # the file to edit when that line fails. Not part of the key.
    origins: tuple[str, ...] = field(default=(), hash=False, compare=False)

    @property
    def label(self) -> str:
        """How messages name the block: ``docs/page.md:12 (block 'x')``."""
        where = f"{self.page}:{self.line}" if self.line else self.page
        return f"{where} (block '{self.id}')"

    def origin(self, traceback: str) -> str | None:
        """The source line (snippet file or page) of the block's last frame in ``traceback``."""
        found = re.findall(rf'File "{re.escape(self.filename)}", line (\d+)', traceback)
        if not found or not 0 < int(found[-1]) <= len(self.origins):
            return None
        return self.origins[int(found[-1]) - 1]

    @property
    def filename(self) -> str:
        """The file name tracebacks show; without the line, so outputs survive prose edits."""
        return f"{self.page} (block '{self.id}')"


@dataclass(frozen=True)
class Unit:
    kind: str  # "blocks", "notebook" (a notebook page) or "offered" (a downloadable notebook)
    page: str
    session: str | None
    blocks: tuple[Block, ...]

    @property
    def name(self) -> str:
        if self.kind in KERNEL_KINDS:
            return f"{self.page}:{self.kind}"
        if self.session is None:
            return f"{self.page}:#{self.blocks[0].id}"
        return f"{self.page}:{self.session}"

    @property
    def module_name(self) -> str:
        """``__name__`` of the unit's namespace (dataclasses and pickling look it up)."""
        return "book_" + re.sub(r"\W+", "_", self.name)

    def key(self, fingerprint: dict) -> str:
        payload = {
            "engine": ENGINE_VERSION,
            "environment": fingerprint,
            "kind": self.kind,
            "page": self.page,
            "session": self.session,
            "blocks": [[b.id, b.code, sorted(b.options.items())] for b in self.blocks],
        }
        text = json.dumps(payload, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def shard(self, count: int) -> int:
        """The shard (0-based, of ``count``) this unit belongs to; stable across runs."""
        return name_shard(self.name, count)


def name_shard(name: str, count: int) -> int:
    """The shard (0-based, of ``count``) of the unit named ``name``: a hash of the name."""
    return int(hashlib.sha256(name.encode("utf-8")).hexdigest()[:8], 16) % count


def relative_name(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def fence_units(page: Page, root: Path) -> list[Unit]:
    """The units of a markdown page's executed fences; :class:`UnitsError` if any is invalid."""
    if page.fence_error:
        raise UnitsError([page.fence_error])
    problems = validate_executed_fences(list(page.fences), root)
    if problems:
        raise UnitsError(problems)
    order: list[Block | str] = []  # a block of its own, or the name of a session
    sessions: dict[str, list[Block]] = {}
    for fence in page.fences:
        if not fence.executed:
            continue
        lines = fence.code_lines(root)
        code = "\n".join(text for _, text in lines) + "\n"
        block = Block(page.name, fence.id, fence.line, code, dict(fence.options),
                      tuple(origin for origin, _ in lines))
        if fence.session is None:
            order.append(block)
            continue
        if fence.session not in sessions:
            sessions[fence.session] = []
            order.append(fence.session)
        sessions[fence.session].append(block)
    return [
        Unit("blocks", page.name, None, (item,))
        if isinstance(item, Block)
        else Unit("blocks", page.name, item, tuple(sessions[item]))
        for item in order
    ]


def units_of(page: Page, root: Path) -> list[Unit]:
    """The units of one page already read, markdown or notebook."""
    if page.is_notebook:
        return [notebook_unit(page)]
    return fence_units(page, root)


def page_units(source: Path, root: Path) -> list[Unit]:
    """The units of the page at ``source``, read once (:func:`bookkit.page_source.read_page`).

    A page that is not UTF-8 or whose front matter is malformed is a :class:`UnitsError`
    naming the page and line, for every caller: the snippet tests and the shard command.
    """
    try:
        page = read_page(source, relative_name(source, root))
    except PageError as error:
        raise UnitsError(error.problems) from error
    return units_of(page, root)


def book_pages(docs_dir: Path) -> list[Path]:
    """Every page source under ``docs_dir``, as MkDocs finds them (dot-folders skipped)."""
    return sorted(
        path
        for path in docs_dir.rglob("*.md")
        if not any(part.startswith(".") for part in path.relative_to(docs_dir).parts)
    )


DEFAULT_KERNEL = "python3"


def notebook_unit(page: Page) -> Unit:
    """The unit of a notebook page: its code cells, in order, with their tags."""
    code_cells = [cell for cell in page.notebook.cells if cell.cell_type == "code"]
    # jupytext writes each code cell as a python fence (markdown cells with fences of their
    # own are wrapped in a region); their lines name the cells in messages.
    lines = [f.line for f in page.fences if f.is_python]
    if len(lines) != len(code_cells):
        lines = [0] * len(code_cells)
    kernel = page.notebook.metadata.get("kernelspec", {}).get("name", DEFAULT_KERNEL)
    blocks = tuple(
        Block(page.name, f"cell-{number}", line, cell.source,
              {"tags": ",".join(cell.metadata.get("tags", [])), "kernel": kernel})
        for number, (cell, line) in enumerate(zip(code_cells, lines, strict=True), start=1)
    )
    return Unit("notebook", page.name, None, blocks)


def offered_unit(name: str, notebook) -> Unit:
    """The unit of a notebook the site offers (``name``: its path in the site): every code
    cell, in order, run as a reader runs the downloaded file."""
    kernel = notebook.metadata.get("kernelspec", {}).get("name", DEFAULT_KERNEL)
    cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    blocks = tuple(Block(name, cell.get("id") or f"cell-{number}", 0, cell.source,
                         {"kernel": kernel})
                   for number, cell in enumerate(cells, start=1))
    return Unit("offered", name, None, blocks)
