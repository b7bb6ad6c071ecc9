"""An exercise answer that only ever runs Landlock-confined, called from the tests as a module.

:class:`ConfinedAnswer` starts ``python -I -S`` (site-packages, PYTHONPATH and the current
folder off ``sys.path``); the child confines itself with
:func:`bookkit.exec.containment.confine_reading` *before* it loads the answer, so from its first
line the answer (and every process it starts) may read only the standard library and its own
file, write nothing and run no program. The tests call the answer's functions through a pipe:
arguments and results travel as ``repr`` and come back through :func:`ast.literal_eval`, so a
tuple stays a tuple and ``True`` stays ``True``; an exception comes back as the same built-in
type with its message. The answer never runs in the test's own process, so nothing it does at
import time there (start a helper that holds torch, rewrite its own file) can prepare an
escape. What it prints goes to the test's stderr, as it would in the test's own process.

Without Landlock (macOS, a kernel before 5.13) the child refuses ``torch`` by name only, which
an answer can undo; :attr:`ConfinedAnswer.confined` is then False and the tests warn.
"""

from __future__ import annotations

import ast
import builtins
import os
import select
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import ast, importlib.abc, importlib.util, os, sys, sysconfig, traceback

answer_path, bookkit_root, torch_file, channel = sys.argv[1:4] + [int(sys.argv[4])]
sys.path.insert(0, bookkit_root)
from bookkit.exec import containment
del sys.path[0]
for name in [n for n in sys.modules if n == "bookkit" or n.startswith("bookkit.")]:
    del sys.modules[name]
replies = os.fdopen(channel, "w", encoding="utf-8", buffering=1)
os.dup2(2, 1)  # the answer's prints go to stderr; stdout is not the channel

readable = [answer_path]
for folder in {sysconfig.get_path("stdlib"), sysconfig.get_path("platstdlib")}:
    readable += [os.path.join(folder, name) for name in os.listdir(folder)
                 if name not in ("site-packages", "dist-packages")]
confined = containment.confine_reading(readable) > 0
del containment
if confined:
    try:
        open(torch_file, "rb").close()
    except PermissionError:
        pass
    else:
        sys.exit("Landlock confinement failed: torch's files are still readable")
else:
    class NoTorch(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] == "torch":
                raise ImportError("torch is blocked in this check")

    sys.modules.pop("torch", None)
    sys.meta_path.insert(0, NoTorch())


def reply(kind, value):
    replies.write(repr((kind, value)) + "\\n")


try:
    spec = importlib.util.spec_from_file_location("answer", answer_path)
    answer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(answer)
except BaseException as error:
    reply("error", (type(error).__name__, "".join(traceback.format_exception_only(error)).strip()))
    sys.exit(0)
reply("ready", confined)
for line in sys.stdin:
    name, args = ast.literal_eval(line)
    try:
        result = getattr(answer, name)(*args)
    except BaseException as error:
        reply("error", (type(error).__name__, str(error)))
        continue
    try:
        ast.literal_eval(repr(result))
    except (ValueError, SyntaxError):
        reply("error", ("TypeError", f"{name}() returned {type(result).__name__} {result!r}: "
                                     "return a tuple of ints, a bool or None"))
    else:
        reply("ok", result)
"""

#: seconds one call may take before the answer is taken to hang
CALL_SECONDS = 60


class ConfinedAnswerError(Exception):
    """The answer raised an exception that is not a built-in type; its name and message."""


class ConfinedAnswer:
    def __init__(self, path: Path, functions: list[str]) -> None:
        import torch  # only to name a file the confined child must not be able to read

        self.__file__ = str(path)
        read, write = os.pipe()
        self._process = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", CHILD, str(path), str(ROOT), torch.__file__,
             str(write)],
            stdin=subprocess.PIPE, stdout=None, stderr=None, text=True, pass_fds=(write,))
        os.close(write)
        self._replies = os.fdopen(read, encoding="utf-8")
        kind, value = self._receive()
        #: the answer's file could not be loaded: every call raises this (the tests fail, each
        #: with the reason, rather than stopping at the fixture)
        self._load_error: BaseException | None = None
        self.confined: bool = True
        if kind == "error":
            self.close()
            type_name, message = value
            self._load_error = _rebuilt(type_name, f"풀이 파일을 불러오지 못했습니다. {message}"
                                        + (" (이 연습은 torch 없이 표준 라이브러리만 씁니다)"
                                           if "torch" in message else ""))
        else:
            self.confined = value
        for name in functions:
            setattr(self, name, self._caller(name))

    def _caller(self, name: str):
        def call(*args):
            if self._load_error is not None:
                raise self._load_error
            self._process.stdin.write(repr((name, args)) + "\n")
            self._process.stdin.flush()
            kind, value = self._receive()
            if kind == "error":
                raise _rebuilt(*value)
            return value
        call.__name__ = name
        return call

    def _receive(self) -> tuple[str, object]:
        ready, _, _ = select.select([self._replies], [], [], CALL_SECONDS)
        line = self._replies.readline() if ready else ""
        if not line:
            code = self._process.poll()
            self.close()
            raise AssertionError(
                f"풀이를 실행하는 프로세스가 {CALL_SECONDS}초 안에 답하지 않았습니다"
                if code is None else f"풀이를 실행하는 프로세스가 끝났습니다(종료 코드 {code})")
        return ast.literal_eval(line)

    def close(self) -> None:
        if self._replies.closed:
            return
        if self._process.poll() is None:
            self._process.kill()
        self._process.wait()
        self._replies.close()
        if self._process.stdin:
            self._process.stdin.close()


def _rebuilt(type_name: str, message: str) -> BaseException:
    kind = getattr(builtins, type_name, None)
    if isinstance(kind, type) and issubclass(kind, Exception):
        return kind(message)
    return ConfinedAnswerError(f"{type_name}: {message}")
