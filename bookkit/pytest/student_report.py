"""pytest plugin for ``dev.py exercise check``: a short report in Korean for a student.

Loaded with ``-p bookkit.pytest.student_report`` (``--tb=no`` hides pytest's own report). For
each failed check it says, in a few lines: which check, with which input (Hypothesis's failing
example or the parametrized case), what went wrong (the test's own message, which already names
expected and got; else the exception), and where in the student's file. When every check stops
at the same unfinished function (``NotImplementedError``), that is one line. ``--full`` on
``exercise check`` runs pytest without this plugin, with the whole report.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

MAX_LINES = 6  # of one failure's message
_FIXTURE_ARGUMENT = re.compile(r"^\w+_module=<module .*>$")  # the student's module itself
_COMMENT = re.compile(r"\s*#.*$")  # Hypothesis's remarks on an argument


@dataclass
class Failed:
    test: str
    kind: str  # the exception's type
    message: list[str]
    case: list[str]
    where: str | None  # the student's file:line, when the error was raised there


def _where(excinfo: pytest.ExceptionInfo, folder: Path | None) -> str | None:
    """The last traceback line inside the student's folder."""
    if folder is None:
        return None
    found = None
    for entry in excinfo.traceback:
        path = Path(str(entry.path))
        if path.is_relative_to(folder):
            found = f"{path.name}:{entry.lineno + 1}"
    return found


def _case(item: pytest.Item, error: BaseException) -> list[str]:
    """The input that failed: Hypothesis's example (without the fixture) or the case id."""
    notes = [line for note in getattr(error, "__notes__", []) for line in note.splitlines()]
    for index, line in enumerate(notes):
        if line.startswith(("Falsifying example:", "Failing test case:")):
            example = []
            for part in notes[index + 1:]:
                if part.strip() in (")", ""):  # the call's end
                    break
                part = _COMMENT.sub("", part).strip().rstrip(",")
                if part and not _FIXTURE_ARGUMENT.match(part):
                    example.append(part)
            return example[:MAX_LINES]
    callspec = getattr(item, "callspec", None)
    if callspec is None:
        return []
    return [_short(f"{name}={value!r}") for name, value in callspec.params.items()
            if not name.endswith("_module")]


def _short(text: str, width: int = 100) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _message(error: BaseException) -> list[str]:
    text = str(error).strip()
    if isinstance(error, AssertionError):
        # pytest's rewritten assert: the test's own message first, then "assert …" lines
        lines = text.splitlines()
        own = [line for line in lines if line.strip()
               and not line.lstrip().startswith(("assert ", "+", "where "))]
        lines = own or lines
    else:
        lines = [f"{type(error).__name__}: {text}" if text else type(error).__name__]
        lines = lines[0].splitlines()
    if len(lines) > MAX_LINES:
        lines = [*lines[:MAX_LINES], "…"]
    return lines


class StudentReport:
    """What failed, collected while the checks run, and said at the end."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.passed = 0
        self.failed: list[Failed] = []

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo):
        report = yield
        if report.passed and report.when == "call":
            self.passed += 1
        elif report.failed:
            error = call.excinfo.value if call.excinfo else None
            if error is None:
                self.failed.append(Failed(item.name, "Failed", [str(report.longrepr)[:500]], [],
                                          None))
            else:
                self.failed.append(Failed(item.name, type(error).__name__, _message(error),
                                          _case(item, error), _where(call.excinfo, self.folder)))
        return report

    def pytest_terminal_summary(self, terminalreporter) -> None:
        for line in self.lines():
            terminalreporter.write_line(line)

    def lines(self) -> list[str]:
        total = self.passed + len(self.failed)
        if not self.failed:
            return ["", f"통과: 검사 {total}개를 모두 통과했습니다."]
        lines = ["", f"검사 {total}개 중 {self.passed}개 통과, {len(self.failed)}개 실패."]
        unfinished: dict[tuple[str | None, str], int] = {}
        for failed in self.failed:
            if failed.kind == "NotImplementedError":
                key = (failed.where, failed.message[0])
                unfinished[key] = unfinished.get(key, 0) + 1
        if unfinished:
            lines.append("아직 완성하지 않은 함수가 있습니다(완성한 뒤 다시 확인합니다):")
            lines += [f"  - {where or '파일'}: 검사 {count}개가 여기서 멈춤 ({message})"
                      for (where, message), count in unfinished.items()]
        others = [failed for failed in self.failed if failed.kind != "NotImplementedError"]
        for number, failed in enumerate(others, 1):
            lines += ["", f"{number}. {failed.test}" + (f"  ({failed.where})" if failed.where
                                                         else "")]
            if failed.case:
                lines.append("   입력: " + ", ".join(failed.case))
            lines += ["   " + line for line in failed.message]
        return [*lines, "", "pytest의 전체 보고서: 같은 명령 끝에 --full"]


def pytest_configure(config: pytest.Config) -> None:
    folder = config.getoption("--workspace", default=None)
    config.pluginmanager.register(
        StudentReport(Path(folder).resolve() if folder else None), "student_report")
