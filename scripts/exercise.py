"""A student's workflow: copy an exercise into workspace/, then test that copy.

    python3 scripts/dev.py exercise list                # the exercises and their pages
    python3 scripts/dev.py exercise start NAME          # copy its student version to workspace/
    python3 scripts/dev.py exercise check NAME [ARGS]   # run NAME's tests against that copy
                                                        # (--full: pytest's whole report)

``start`` never overwrites a copy that exists (it may hold an answer). ``workspace/`` is ignored
by git (so by ruff too) and is not among pytest's test paths, so whatever a student writes there
cannot break the project's own checks; regenerating the stubs (``dev.py exercises``) only
writes under ``labs/``. ``--workspace DIR`` uses another folder (the tests use a temporary one).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from bookkit.settings import child_environment
from bookkit.tools import exercise_stubs as stubs

ROOT = stubs.ROOT
LAB_TESTS = Path("tests") / "lab_tests"


def start(name: str, workspace: Path) -> int:
    exercise = stubs.find_exercise(name)
    target = workspace / f"{exercise.name}.py"
    shown = target.relative_to(ROOT) if target.is_relative_to(ROOT) else target
    if target.exists():
        print(f"{shown}이(가) 이미 있어 그대로 둡니다(쓰던 답을 덮어쓰지 않습니다).")
        print("처음부터 다시 하려면 그 파일을 지우고 start를 다시 실행합니다.")
    else:
        workspace.mkdir(parents=True, exist_ok=True)
        target.write_text(stubs.workspace_text(exercise), encoding="utf-8")
        print(f"{shown}을(를) 만들었습니다({exercise.stub_path.as_posix()}와 같은 내용).")
    if exercise.page:
        print(f"문제: docs/{exercise.page}")
    print(f"{shown}을(를) 고친 뒤 확인: python3 scripts/dev.py exercise check {exercise.name}")
    return 0


def check(name: str, workspace: Path, pytest_args: list[str]) -> int:
    exercise = stubs.find_exercise(name)
    target = workspace / f"{exercise.name}.py"
    if not target.is_file():
        print(f"{target}이(가) 없습니다. 먼저 python3 scripts/dev.py exercise start "
              f"{exercise.name}을(를) 실행합니다.", file=sys.stderr)
        return 2
    full = "--full" in pytest_args
    pytest_args = [arg for arg in pytest_args if arg != "--full"]
    short = [] if full else ["--tb=no", "--no-header", "-rN", "-p", "no:warnings",
                             "-p", "bookkit.pytest.student_report"]
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               *stubs.CHECK_PLUGINS, *short,
               *(str(LAB_TESTS / test) for test in exercise.tests),
               "--impl=workspace", f"--workspace={workspace}", *pytest_args]
    if full:
        print("+", " ".join(command), flush=True)
    env = child_environment(**stubs.CHECK_ENVIRONMENT)
    return subprocess.run(command, cwd=ROOT, env=env).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("list", "start", "check"))
    parser.add_argument("name", nargs="?", help="the exercise, e.g. unbroadcast_grad")
    parser.add_argument("--workspace", default=str(ROOT / "workspace"),
                        help="the folder of your copies (default: workspace/)")
    args, pytest_args = parser.parse_known_args(argv)
    workspace = Path(args.workspace).resolve()
    if args.action == "list":
        for exercise in stubs.EXERCISES.values():
            print(f"{exercise.name:<18} docs/{exercise.page}")
        return 0
    if not args.name:
        parser.error(f"{args.action} needs the exercise's name (see: exercise list)")
    try:
        stubs.find_exercise(args.name)
    except KeyError as error:
        parser.error(str(error.args[0]))
    if args.action == "start":
        return start(args.name, workspace)
    return check(args.name, workspace, pytest_args)


if __name__ == "__main__":
    raise SystemExit(main())
