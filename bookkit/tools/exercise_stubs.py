"""Generate the student versions of the exercises from their solutions.

Every exercise is registered in :data:`EXERCISES`: its name (what ``python3 scripts/dev.py
exercise start NAME`` takes), its solution file under ``labs/`` and the test files that check it.
A solution marks its answer with ``# BEGIN ANSWER`` / ``# END ANSWER``. The student version,
written to the same path with ``solutions`` replaced by ``exercises`` (or to the exercise's
``stub`` path), keeps everything else (imports, signatures, docstrings) and replaces each answer
region:

- inside a function: by ``raise NotImplementedError(...)`` naming the function;
- at module level (helper functions of the answer): by nothing;
- when the region has a ``# STUDENT STARTS WITH`` line (a fix-the-bug lab): by the commented
  lines after it, uncommented. That is the buggy code the student is given to fix; it may be
  empty (a missing line is the bug).

    python scripts/make_exercise_stubs.py          # write the stubs
    python scripts/make_exercise_stubs.py --check  # exit 1 if a stub is out of date

A student does not edit these stubs (they are regenerated): ``python3 scripts/dev.py exercise
start NAME`` copies one into the ignored ``workspace/`` folder, which nothing here touches.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path

from bookkit.generated import write_or_check

ROOT = Path(__file__).resolve().parents[2]
LABS = ROOT / "labs"
BEGIN, END = "# BEGIN ANSWER", "# END ANSWER"
STUDENT = "# STUDENT STARTS WITH"
_DEF = re.compile(r"^(?P<indent>\s*)(?:async\s+)?def\s+(?P<name>\w+)")

STUB_HEADER = """\
# 학생용 버전. scripts/make_exercise_stubs.py가 다음 풀이에서 만든 파일입니다.
#   {solution}
# 이 파일은 다시 만들어지므로 여기에 답을 쓰지 않습니다. 풀 때는 workspace/에 복사한
# 파일(workspace/{name}.py)에 쓰고 그 파일을 테스트합니다.
#   python3 scripts/dev.py exercise start {name}
#   python3 scripts/dev.py exercise check {name}
# ruff: noqa: F401
"""
LAB_HEADER = """\
# 학생용 버전: 버그가 그대로 남은 코드입니다.
# scripts/make_exercise_stubs.py가 다음 풀이에서 만든 파일입니다.
#   {solution}
# 이 파일은 다시 만들어지므로 여기서 고치지 않습니다. 고칠 때는 workspace/에 복사한
# 파일(workspace/{name}.py)을 고치고 그 파일을 테스트합니다.
#   python3 scripts/dev.py exercise start {name}
#   python3 scripts/dev.py exercise check {name}
# ruff: noqa: F401
"""
WORKSPACE_HEADER = """\
# {what}. 이 파일은 내 복사본이라 다시 만들어지지 않습니다.
# 문제: docs/{page}
# 확인: python3 scripts/dev.py exercise check {name}
# ruff: noqa: F401
"""
PACKAGE_INIT = '"""연습문제의 학생용 버전. 풀이는 ``solutions`` 아래에 있습니다."""\n'


@dataclass(frozen=True)
class Exercise:
    """One exercise: a solution with answer regions, its student version and its tests."""

    name: str
    solution: Path  # relative to the project root
    tests: tuple[str, ...]  # files under tests/lab_tests
    page: str | None = None  # the page under docs/ that poses it
    stub: Path | None = None  # default: the solution's path with solutions -> exercises

    @property
    def stub_path(self) -> Path:
        return self.stub if self.stub is not None else stub_path(self.solution)

    @property
    def solution_module(self) -> str:
        return ".".join(self.solution.with_suffix("").parts)

    @property
    def stub_module(self) -> str:
        return ".".join(self.stub_path.with_suffix("").parts)


_TA = Path("labs/deep_learning_pytorch/tensors_and_autograd")
_DL = Path("labs/deep_learning_pytorch")

#: every exercise, by the name a student types (``-`` and ``_`` are the same)
EXERCISES: dict[str, Exercise] = {
    exercise.name: exercise
    for exercise in [
        Exercise("grad_check", _DL / "first_steps/solutions/grad_check.py",
                 ("test_grad_check.py",), "exercises/grad-check.md"),
        Exercise("nchw_and_gather", _DL / "tensors/solutions/nchw_and_gather.py",
                 ("test_nchw_and_gather.py",), "exercises/nchw-and-gather.md"),
        Exercise("manual_sgd", _DL / "pytorch_basics/solutions/manual_sgd.py",
                 ("test_manual_sgd.py",), "exercises/manual-sgd.md"),
        Exercise("unbroadcast_grad", _TA / "solutions/unbroadcast_grad.py",
                 ("test_unbroadcast_grad.py",), "exercises/unbroadcast-grad.md"),
        Exercise("strides_and_views", _TA / "solutions/strides_and_views.py",
                 ("test_strides_and_views.py",), "exercises/strides-and-views.md"),
        Exercise("autograd_bugs", _TA / "autograd_bugs.py", ("test_autograd_bugs_fixes.py",),
                 "labs/autograd-bugs.md", stub=_TA / "exercises/autograd_bugs.py"),
        Exercise("bfs", Path("labs/algorithms/bfs/solutions.py"), ("test_bfs.py",),
                 "appendix/bfs.md"),
    ]
}


class StubError(ValueError):
    """A solution file whose answer markers cannot be turned into a stub."""


# How an exercise's tests are run (``dev.py exercise check``, the wrong-answer runs of the
# tests): pytest with its plugins named, none autoloaded. A plugin found by entry point has its
# whole distribution marked for assert rewriting, so every run would rewrite and compile all of
# hypothesis again wherever no bytecode is cached (PYTHONDONTWRITEBYTECODE): about 1.3 s a run.
CHECK_PLUGINS = ["-p", "_hypothesis_pytestplugin"]
CHECK_ENVIRONMENT = {"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}


def find_exercise(name: str) -> Exercise:
    """The exercise called ``name`` (``unbroadcast-grad`` and ``unbroadcast_grad`` are one)."""
    key = name.replace("-", "_")
    if key not in EXERCISES:
        raise KeyError(f"no exercise {name!r}; there are: {', '.join(EXERCISES)}")
    return EXERCISES[key]


def solution_files(labs: Path = LABS) -> list[Path]:
    """Solution files found by their place under ``labs/`` (each must be registered)."""
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


def _student_lines(lines: list[str], indent: str, name: str, start: int) -> list[str]:
    """The commented student version after ``# STUDENT STARTS WITH``, uncommented."""
    out = []
    for number, line in enumerate(lines, start=start):
        if not line.strip():
            out.append("")
        elif line.startswith(f"{indent}# "):
            out.append(indent + line[len(indent) + 2 :])
        elif line == f"{indent}#":
            out.append("")
        else:
            raise StubError(f"{name}:{number}: student lines must be comments at the "
                            f"answer's indent ({indent!r} + '# ')")
    return out


def _region_end(lines: list[str], begin: int, name: str) -> tuple[int, int | None]:
    """The line of the region's END, and of its STUDENT line if it has one (0-based)."""
    end = begin + 1
    student = None
    while end < len(lines) and lines[end].strip() != END:
        if lines[end].strip() == BEGIN:
            raise StubError(f"{name}:{end + 1}: nested {BEGIN}")
        if lines[end].strip() == STUDENT:
            student = end
        end += 1
    if end == len(lines):
        raise StubError(f"{name}:{begin + 1}: {BEGIN} is never closed")
    return end, student


def make_stub(source: str, name: str = "<solution>", exercise: str = "NAME",
              header: str | None = None) -> str:
    """The student version of one solution file's text."""
    lines = source.splitlines()
    out: list[str] = []
    function = None  # name of the innermost def seen so far
    index = 0
    regions = 0
    lab = False
    while index < len(lines):
        line = lines[index]
        if match := _DEF.match(line):
            function = match["name"]
        if line.strip() in (END, STUDENT):
            raise StubError(f"{name}:{index + 1}: {line.strip()} without {BEGIN}")
        if line.strip() != BEGIN:
            out.append(line)
            index += 1
            continue
        indent = line[: len(line) - len(line.lstrip())]
        end, student = _region_end(lines, index, name)
        if student is not None:
            lab = True
            out += _student_lines(lines[student + 1 : end], indent, name, student + 2)
        elif indent:
            if function is None:
                raise StubError(f"{name}:{index + 1}: indented answer outside a function")
            out.append(f'{indent}raise NotImplementedError("{function}: 아직 구현하지 않았습니다")')
        regions += 1
        index = end + 1
    if not regions:
        raise StubError(f"{name}: no {BEGIN} ... {END} region")
    text = "\n".join(out)
    text = re.sub(r"\n{3,}(?=\S|$)", "\n\n\n", text).rstrip() + "\n"
    if header is None:
        header = LAB_HEADER if lab else STUB_HEADER
    return header.format(solution=name, name=exercise) + text


def student_text(exercise: Exercise, root: Path = ROOT) -> str:
    """The generated student version of ``exercise``."""
    source = (root / exercise.solution).read_text(encoding="utf-8")
    return make_stub(source, exercise.solution.as_posix(), exercise.name)


def workspace_text(exercise: Exercise, root: Path = ROOT) -> str:
    """What ``exercise start`` writes to workspace/: the student version under a header that
    says the answer goes in this file."""
    text = student_text(exercise, root)
    header = LAB_HEADER if text.startswith(LAB_HEADER.splitlines()[0]) else STUB_HEADER
    old = header.format(solution=exercise.solution.as_posix(), name=exercise.name)
    assert text.startswith(old), exercise.name
    what = "여기서 버그를 고칩니다" if header is LAB_HEADER else "여기에 답을 씁니다"
    return WORKSPACE_HEADER.format(what=what, page=exercise.page or "",
                                   name=exercise.name) + text[len(old):]


def expected_files(root: Path = ROOT) -> dict[Path, str]:
    """Every generated file (relative to ``root``) and the text it must have."""
    files: dict[Path, str] = {}
    for exercise in EXERCISES.values():
        files[exercise.stub_path] = student_text(exercise, root)
        if exercise.stub_path.parent.name == "exercises":
            files[exercise.stub_path.parent / "__init__.py"] = PACKAGE_INIT
    return files


def unregistered(root: Path = ROOT) -> list[Path]:
    """Solution files under ``labs/`` that no exercise names."""
    known = {exercise.solution for exercise in EXERCISES.values()}
    return [p.relative_to(root) for p in solution_files(root / "labs")
            if p.relative_to(root) not in known]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a stub is out of date")
    args = parser.parse_args(argv)
    missing = unregistered()
    if missing:
        for path in missing:
            print(f"not registered in EXERCISES: {path}")
        return 1
    return write_or_check(
        expected_files(), ROOT, check=args.check, command="python scripts/make_exercise_stubs.py"
    )


if __name__ == "__main__":
    raise SystemExit(main())
