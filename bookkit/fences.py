"""Find the code fences of a book page and expand their ``--8<--`` snippet includes.

The same parser serves the MkDocs hooks (which validate a page before markdown-exec runs it),
the snippet tests (which run the fences outside MkDocs) and the post-build check, so the three
always agree on which fences a page has. Fences are found at any indentation, so fences inside
content tabs (``=== "..."``) and admonitions (``!!!``/``???``) count like top-level ones.
"""

from __future__ import annotations

import ast
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

PYTHON_LANGS = {"py", "python", "python3"}
TRUE_VALUES = {"1", "on", "true", "yes"}

_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<mark>`{3,}|~{3,})[ \t]*(?P<info>[^`]*)$")
_SNIPPET = re.compile(r'^[ \t]*--8<--[ \t]+"(?P<spec>[^"]+)"[ \t]*$')
# `# --8<-- [start:name]` / `[end:name]` lines mark the sections of a snippet file.
SECTION_MARK = re.compile(r"--8<--\s*\[(?P<kind>start|end):(?P<name>[\w-]+)\]")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class FenceError(ValueError):
    """A problem in a page's fences, reported as ``path:line: message``."""

    def __init__(self, path: Path | str, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path = Path(path)
        self.line = line


@dataclass(frozen=True)
class Fence:
    """One fenced code block of a markdown file."""

    path: Path
    line: int  # 1-based line of the opening fence
    lang: str
    options: dict[str, str] = field(hash=False)
    body: str  # the fence's content, with the fence's own indentation removed

    @property
    def is_python(self) -> bool:
        return self.lang in PYTHON_LANGS

    @property
    def executed(self) -> bool:
        return self.is_python and self.options.get("exec", "").lower() in TRUE_VALUES

    @property
    def id(self) -> str | None:
        return self.options.get("id")

    @property
    def session(self) -> str | None:
        return self.options.get("session")

    @property
    def label(self) -> str:
        """How messages name this fence: ``docs/page.md:12 (block 'x')``."""
        name = f" (block '{self.id}')" if self.id else ""
        return f"{self.path}:{self.line}{name}"

    def snippet_specs(self) -> list[tuple[int, str]]:
        """The ``--8<--`` includes of the body as (markdown line, spec) pairs."""
        return [
            (self.line + offset, match["spec"])
            for offset, text in enumerate(self.body.splitlines(), start=1)
            if (match := _SNIPPET.match(text))
        ]

    def code(self, base_dir: Path) -> str:
        """The body with every snippet include replaced by the included file's text."""
        return "\n".join(text for _, text in self.code_lines(base_dir)) + "\n"

    def code_lines(self, base_dir: Path) -> list[tuple[str, str]]:
        """Each line of :meth:`code` with where it comes from, ``path:line``: the page's own
        line, or the line of the snippet file an include brought in (the file to edit)."""
        lines: list[tuple[str, str]] = []
        for offset, text in enumerate(self.body.splitlines(), start=1):
            line = self.line + offset
            match = _SNIPPET.match(text)
            if not match:
                lines.append((f"{self.path}:{line}", text))
                continue
            file_part = match["spec"].partition(":")[0]
            included = snippet_lines(base_dir, match["spec"], self.path, line)
            lines += [(f"{file_part}:{number}", body) for number, body in included] or [
                (f"{self.path}:{line}", "")]
        return lines


def parse_info(info: str) -> tuple[str, dict[str, str]]:
    """Split a fence info string such as ``python exec="on" id="x"`` into lang and options."""
    try:
        words = shlex.split(info)
    except ValueError:
        words = info.split()
    if not words:
        return "", {}
    lang, options = words[0], {}
    for word in words[1:]:
        key, _, value = word.partition("=")
        options[key] = value
    return lang, options


def extract_fences(text: str, path: Path | str) -> list[Fence]:
    """All fenced code blocks of ``text`` in order; an unclosed fence is an error."""
    path = Path(path)
    lines = text.splitlines()
    fences: list[Fence] = []
    index = 0
    while index < len(lines):
        match = _OPEN.match(lines[index])
        if not match:
            index += 1
            continue
        indent, mark = match["indent"], match["mark"]
        lang, options = parse_info(match["info"].strip())
        closing = re.compile(rf"^[ \t]*{re.escape(mark[0])}{{{len(mark)},}}[ \t]*$")
        body: list[str] = []
        end = index + 1
        while end < len(lines) and not closing.match(lines[end]):
            line = lines[end]
            body.append(line[len(indent) :] if line.startswith(indent) else line.lstrip())
            end += 1
        if end == len(lines):
            raise FenceError(path, index + 1, f"code fence {mark!r} is never closed")
        fences.append(Fence(path, index + 1, lang, options, "\n".join(body)))
        index = end + 1
    return fences


def resolve_include(base_dir: Path, file_part: str, page: Path, line: int) -> Path:
    """The file an include names, which must resolve (symlinks too) inside ``base_dir``.

    An absolute path, a ``..`` that climbs out, or a link that points outside the repository
    is an error, so no page and no snippet test can read or run a file from elsewhere.
    """
    root = base_dir.resolve()
    if Path(file_part).is_absolute():
        raise FenceError(page, line, f"include {file_part!r} is an absolute path")
    source = (root / file_part).resolve()
    if not source.is_relative_to(root):
        raise FenceError(page, line, f"include {file_part!r} resolves outside the repository")
    if not source.is_file():
        raise FenceError(page, line, f"included snippet file {file_part!r} does not exist")
    return source


def _looks_like(data: bytes) -> str:
    """What a file that is not UTF-8 decodes as, said for the error message."""
    for encoding, name in (("cp949", "CP949 (EUC-KR, a Korean Windows encoding)"),
                           ("utf-16", "UTF-16")):
        try:
            data.decode(encoding)
        except UnicodeDecodeError:
            continue
        return (f": it looks like {name}, e.g. `iconv -f {encoding} -t utf-8 FILE > NEW` "
                "converts it")
    return ""


def read_snippet(base_dir: Path, spec: str, page: Path, line: int) -> str:
    """The text a ``--8<-- "file.py"`` or ``--8<-- "file.py:section"`` line includes."""
    return "\n".join(text for _, text in snippet_lines(base_dir, spec, page, line))


def snippet_lines(base_dir: Path, spec: str, page: Path, line: int) -> list[tuple[int, str]]:
    """The lines an include brings in, each with its line number in the snippet file."""
    file_part, _, section = spec.partition(":")
    data = resolve_include(base_dir, file_part, page, line).read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FenceError(page, line, f"snippet file {file_part!r} is not UTF-8 (byte "
                         f"{error.start}){_looks_like(data)}; save it as UTF-8") from None
    numbered = list(enumerate(text.splitlines(), start=1))
    if not section:
        return [(n, t) for n, t in numbered if not SECTION_MARK.search(t)]
    selected: list[tuple[int, str]] = []
    inside = found = False
    for number, text_line in numbered:
        mark = SECTION_MARK.search(text_line)
        if mark and mark["name"] == section:
            inside = mark["kind"] == "start"
            found = True
            continue
        if inside and not SECTION_MARK.search(text_line):
            selected.append((number, text_line))
    if not found:
        raise FenceError(page, line, f"snippet file {file_part!r} has no section {section!r}")
    return selected


def validate_executed_fences(fences: list[Fence], base_dir: Path) -> list[str]:
    """Rules every executed fence of a page must follow; returns the problems found.

    - it is a python fence (other languages would bypass the page sessions);
    - it has an ``id`` (kebab-case, unique on the page), so messages can name it;
    - its body holds only ``--8<--`` includes of existing snippet files, so all book code
      lives in real ``.py`` files that the linter sees;
    - no statement is only partly hidden: markdown-exec hides single lines, so a hidden
      ``assert`` spread over several lines would show all but its last line on the page.
    """
    problems: list[str] = []
    seen: dict[str, int] = {}
    for fence in fences:
        if fence.options.get("exec", "").lower() in TRUE_VALUES and not fence.is_python:
            problems.append(f"{fence.label}: only python blocks are executed, not {fence.lang!r}")
        if not fence.executed:
            continue
        problems += _id_problems(fence, seen)
        problems += _body_problems(fence)
        include_problems = _include_problems(fence, base_dir)
        problems += include_problems
        if not include_problems:
            problems += _partly_hidden_problems(fence, base_dir)
    return problems


def _id_problems(fence: Fence, seen: dict[str, int]) -> list[str]:
    """A missing, malformed or repeated id; ``seen`` (id -> line) learns the fence's."""
    if not fence.id:
        return [f"{fence.label}: executed block has no id=\"...\""]
    if not _ID.match(fence.id):
        return [f"{fence.label}: id must be lowercase kebab-case"]
    if fence.id in seen:
        return [f"{fence.label}: id also used by the block at line {seen[fence.id]}"]
    seen[fence.id] = fence.line
    return []


def _body_problems(fence: Fence) -> list[str]:
    """An empty body, or one with a line that is not a snippet include."""
    problems: list[str] = []
    if not any(t.strip() for t in fence.body.splitlines()):
        problems.append(f"{fence.label}: executed block is empty")
    for offset, text in enumerate(fence.body.splitlines(), start=1):
        if text.strip() and not _SNIPPET.match(text):
            problems.append(
                f"{fence.path}:{fence.line + offset}: executed block must only include "
                'snippet files (--8<-- "snippets/<chapter>/<file>.py")'
            )
            break
    return problems


def _include_problems(fence: Fence, base_dir: Path) -> list[str]:
    problems: list[str] = []
    for line, spec in fence.snippet_specs():
        try:
            read_snippet(base_dir, spec, fence.path, line)
        except FenceError as error:
            problems.append(str(error))
    return problems


def _partly_hidden_problems(fence: Fence, base_dir: Path) -> list[str]:
    return [
        f"{fence.label}: lines {first}-{last} of its code are one statement, but only "
        f"some end with {HIDE!r}; hide all of its lines or none"
        for first, last in partly_hidden(fence.code(base_dir))
    ]


HIDE = "# markdown-exec: hide"


def partly_hidden(code: str) -> list[tuple[int, int]]:
    """(first, last) code lines of each simple statement whose lines are only partly hidden."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []  # running the block reports it, naming the line
    lines = code.splitlines()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and not hasattr(node, "body"):
            span = lines[node.lineno - 1 : node.end_lineno]
            hidden = [line.rstrip().endswith(HIDE) for line in span]
            if any(hidden) and not all(hidden):
                found.append((node.lineno, node.end_lineno))
    return sorted(found)


def code_fence(lines: list[str], info: str = "") -> list[str]:
    """``lines`` in a backtick fence longer than any run of backticks in them."""
    longest = max((len(run) for run in re.findall(r"`+", "\n".join(lines))), default=0)
    mark = "`" * max(3, longest + 1)
    return [f"{mark}{info}", *lines, mark]
