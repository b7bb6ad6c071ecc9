"""Read a page's source strictly: UTF-8, and front matter that is a YAML mapping MkDocs reads.

MkDocs reads front matter with :func:`mkdocs.utils.meta.get_data`, which silently drops YAML it
cannot parse and front matter that is not a mapping; the page then builds without its
``kind:``, and every check that keys on the kind (chapter skeleton, glossary, notebooks)
skips it. The build hooks call :func:`page_problems` on every page before anything reads it,
so such a page stops the build with ``path:line: problem`` instead.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

# The front matter MkDocs reads (mkdocs.utils.meta.YAML_RE; a test keeps the two the same: the
# engine, which reads pages too, imports nothing from MkDocs).
FRONT_MATTER = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.UNICODE | re.DOTALL)

# The kinds of page the build and the tests know (front matter ``kind:``).
PAGE_KINDS = ("about", "appendix", "chapter", "exercise", "glossary")


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


def page_problems(source: Path, page: str) -> list[str]:
    """Problems reading the page ``source`` (named ``page`` in messages); empty when fine."""
    try:
        data = source.read_bytes()
    except OSError as error:
        return [f"{page}: cannot be read: {error.strerror or error}"]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        return [f"{page}:{line}: not UTF-8 (byte {data[error.start]:#04x} at offset "
                f"{error.start}: {error.reason}); save the page as UTF-8"]
    if source.suffix != ".md":
        return []
    match = FRONT_MATTER.match(text)
    if not match:
        return []
    try:
        front = yaml.safe_load(match.group(1))
    except yaml.YAMLError as error:
        line, words = _yaml_problem(error)
        return [f"{page}:{line}: front matter is not valid YAML: {words}"]
    if front is None:  # `---` `---` with nothing between
        return []
    if not isinstance(front, dict):
        return [f"{page}:1: front matter is a {type(front).__name__}, not a mapping of keys "
                "to values (e.g. `kind: chapter`)"]
    problems: list[str] = []
    kind = front.get("kind")
    if kind is not None and kind not in PAGE_KINDS:
        problems.append(f"{page}:{_key_line(match.group(1), 'kind')}: front matter kind "
                        f"{kind!r} is none of {', '.join(PAGE_KINDS)}")
    measurements = front.get("measurements")
    if measurements is not None and not (
        isinstance(measurements, list) and all(isinstance(m, str) for m in measurements)
    ):
        problems.append(f"{page}:{_key_line(match.group(1), 'measurements')}: front matter "
                        "'measurements' must be a list of block ids")
    return problems
