"""One page's source, read once per build: :func:`read_page` makes the :class:`Page` that the
units, the glossary, the chapter notebooks, the manifest and the checks all use.

A page is read strictly: UTF-8, and front matter that is a YAML mapping MkDocs reads.
MkDocs reads front matter with :func:`mkdocs.utils.meta.get_data`, which silently drops YAML it
cannot parse and front matter that is not a mapping; the page then builds without its
``kind:``, and every check that keys on the kind (chapter skeleton, glossary, notebooks)
skips it. :func:`read_page` raises :class:`PageError` for such a page instead, naming
``path:line: problem``; the build reads every page this way before anything else uses it.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from bookkit.fences import Fence, FenceError, extract_fences

# The front matter MkDocs reads (mkdocs.utils.meta.YAML_RE; a test keeps the two the same: the
# engine, which reads pages too, imports nothing from MkDocs).
FRONT_MATTER = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.UNICODE | re.DOTALL)

# The kinds of page the build and the tests know (front matter ``kind:``).
PAGE_KINDS = ("about", "appendix", "chapter", "exercise", "glossary")

# A markdown page that starts so is a jupytext notebook (see mkdocs.yml).
JUPYTEXT_HEADER = "---\njupyter:"


def _key_line(front: str, key: str) -> int:
    """The page line of ``key:`` in the front matter (which starts on page line 2)."""
    for number, line in enumerate(front.splitlines(), start=2):
        if line.startswith(f"{key}:"):
            return number
    return 1


def _yaml_problem(error: yaml.YAMLError) -> tuple[int, str]:
    """(page line, message) of a YAML error in front matter."""
    # An unclosed bracket or quote fails at the end of the front matter; the context mark is
    # where it was opened, the line to fix.
    mark = getattr(error, "context_mark", None) or getattr(error, "problem_mark", None)
    line = mark.line + 2 if mark is not None else 1
    if isinstance(error, yaml.MarkedYAMLError):
        words = ", ".join(filter(None, [error.context, error.problem]))
    else:
        words = str(error)
    return line, words


class PageError(ValueError):
    """A page that cannot be read; the message lists every problem."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("pages that cannot be read:\n  " + "\n  ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Page:
    """A page's source as read once: its text, front matter and fences (or notebook)."""

    source: Path
    name: str  # root-relative path, e.g. docs/tensors/index.md
    text: str
    front: dict[str, Any] = field(hash=False)  # as MkDocs reads it; {} when there is none
    fences: tuple[Fence, ...] = ()
    fence_error: str | None = None  # an unclosed fence: the page has no executed blocks
    notebook: Any = field(default=None, hash=False, compare=False)  # jupytext's, when one

    @property
    def kind(self) -> str | None:
        return self.front.get("kind")

    @property
    def measurements(self) -> set[str]:
        """The block ids the front matter declares measurements."""
        return set(self.front.get("measurements") or [])

    @property
    def is_notebook(self) -> bool:
        """A notebook page: an .ipynb, or markdown with a jupytext header."""
        return self.notebook is not None


def read_page(source: Path, name: str) -> Page:
    """The page at ``source`` (named ``name`` in messages), read once; :class:`PageError` when
    it is not UTF-8 or its front matter is malformed."""
    try:
        data = source.read_bytes()
    except OSError as error:
        raise PageError([f"{name}: cannot be read: {error.strerror or error}"]) from error
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise PageError([f"{name}:{line}: not UTF-8 (byte {data[error.start]:#04x} at offset "
                         f"{error.start}: {error.reason}); save the page as UTF-8"]) from error
    if source.suffix == ".ipynb":
        return Page(source, name, text, {}, notebook=_notebook(text, source.suffix))
    front, problems = _front_matter(text, name)
    if problems:
        raise PageError(problems)
    try:
        fences, fence_error = tuple(extract_fences(text, name)), None
    except FenceError as error:
        fences, fence_error = (), str(error)
    notebook = _notebook(text, source.suffix) if text.startswith(JUPYTEXT_HEADER) else None
    return Page(source, name, text, front, fences, fence_error, notebook)


def _notebook(text: str, suffix: str):
    """The notebook jupytext reads from ``text`` (as ``jupytext.read`` reads the file)."""
    import jupytext

    return jupytext.read(io.StringIO(text), fmt={"extension": suffix})


def _front_matter(text: str, page: str) -> tuple[dict[str, Any], list[str]]:
    """A markdown page's front matter, and the problems that make it unreadable."""
    match = FRONT_MATTER.match(text)
    if not match:
        return {}, []
    try:
        front = yaml.safe_load(match.group(1))
    except yaml.YAMLError as error:
        line, words = _yaml_problem(error)
        return {}, [f"{page}:{line}: front matter is not valid YAML: {words}"]
    if front is None:  # `---` `---` with nothing between
        return {}, []
    if not isinstance(front, dict):
        return {}, [f"{page}:1: front matter is a {type(front).__name__}, not a mapping of "
                    "keys to values (e.g. `kind: chapter`)"]
    return front, _front_matter_problems(front, match.group(1), page)


def _front_matter_problems(front: dict, block: str, page: str) -> list[str]:
    """The keys the build reads, of the wrong kind."""
    problems: list[str] = []
    kind = front.get("kind")
    if kind is not None and kind not in PAGE_KINDS:
        problems.append(f"{page}:{_key_line(block, 'kind')}: front matter kind "
                        f"{kind!r} is none of {', '.join(PAGE_KINDS)}")
    measurements = front.get("measurements")
    if measurements is not None and not (
        isinstance(measurements, list) and all(isinstance(m, str) for m in measurements)
    ):
        problems.append(f"{page}:{_key_line(block, 'measurements')}: front matter "
                        "'measurements' must be a list of block ids")
    return problems
