"""Generate the student versions of the exercises from their solutions.

Every solution file under ``labs/`` (``.../solutions/<name>.py`` or ``.../solutions.py``) marks
its answer with ``# BEGIN ANSWER`` / ``# END ANSWER``. The student version, written to the same
path with ``solutions`` replaced by ``exercises``, keeps everything else (imports, signatures,
docstrings) and replaces each answer region:

- inside a function: by ``raise NotImplementedError(...)`` naming the function;
- at module level (helper functions of the answer): by nothing.

    python scripts/make_exercise_stubs.py          # write the stubs
    python scripts/make_exercise_stubs.py --check  # exit 1 if a stub is out of date
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from bookkit.generated import write_or_check

ROOT = Path(__file__).resolve().parent.parent
LABS = ROOT / "labs"
BEGIN, END = "# BEGIN ANSWER", "# END ANSWER"
_DEF = re.compile(r"^(?P<indent>\s*)(?:async\s+)?def\s+(?P<name>\w+)")

STUB_HEADER = """\
# 학생용 버전. scripts/make_exercise_stubs.py가 다음 풀이에서 만든 파일입니다.
#   {solution}
# NotImplementedError 자리에 답을 쓰고 `python3 scripts/dev.py test-exercises`로 확인하세요.
# ruff: noqa: F401
"""
PACKAGE_INIT = '"""연습문제의 학생용 버전. 풀이는 ``solutions`` 아래에 있습니다."""\n'


class StubError(ValueError):
    """A solution file whose answer markers cannot be turned into a stub."""


def solution_files(labs: Path = LABS) -> list[Path]:
    files = [p for p in labs.rglob("solutions.py")]
    files += [p for p in labs.rglob("solutions/*.py") if p.name != "__init__.py"]
    return sorted(files)


def stub_path(solution: Path) -> Path:
    parts = list(solution.parts)
    if solution.name == "solutions.py":
        return solution.with_name("exercises.py")
    index = len(parts) - 1 - parts[::-1].index("solutions")
    parts[index] = "exercises"
    return Path(*parts)


def make_stub(source: str, name: str = "<solution>") -> str:
    """The student version of one solution file's text."""
    lines = source.splitlines()
    out: list[str] = []
    function = None  # name of the innermost def seen so far
    index = 0
    regions = 0
    while index < len(lines):
        line = lines[index]
        if match := _DEF.match(line):
            function = match["name"]
        if line.strip() == END:
            raise StubError(f"{name}:{index + 1}: {END} without {BEGIN}")
        if line.strip() != BEGIN:
            out.append(line)
            index += 1
            continue
        indent = line[: len(line) - len(line.lstrip())]
        end = index + 1
        while end < len(lines) and lines[end].strip() != END:
            if lines[end].strip() == BEGIN:
                raise StubError(f"{name}:{end + 1}: nested {BEGIN}")
            end += 1
        if end == len(lines):
            raise StubError(f"{name}:{index + 1}: {BEGIN} is never closed")
        if indent:
            if function is None:
                raise StubError(f"{name}:{index + 1}: indented answer outside a function")
            out.append(f'{indent}raise NotImplementedError("{function}: 아직 구현하지 않았습니다")')
        regions += 1
        index = end + 1
    if not regions:
        raise StubError(f"{name}: no {BEGIN} ... {END} region")
    text = "\n".join(out)
    text = re.sub(r"\n{3,}(?=\S|$)", "\n\n\n", text).rstrip() + "\n"
    return STUB_HEADER.format(solution=name) + text


def expected_files(labs: Path = LABS, root: Path = ROOT) -> dict[Path, str]:
    """Every generated file and the text it must have."""
    files: dict[Path, str] = {}
    for solution in solution_files(labs):
        relative = solution.relative_to(root).as_posix()
        files[stub_path(solution)] = make_stub(solution.read_text(encoding="utf-8"), relative)
        if solution.parent.name == "solutions":
            files[stub_path(solution).parent / "__init__.py"] = PACKAGE_INIT
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a stub is out of date")
    args = parser.parse_args(argv)
    return write_or_check(
        expected_files(), ROOT, check=args.check, command="python scripts/make_exercise_stubs.py"
    )


if __name__ == "__main__":
    raise SystemExit(main())
