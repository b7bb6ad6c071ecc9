"""What a test process, and every Python process it starts, did that a prose edit could change.

An audit hook (:func:`install`) writes one line to a log for each of these:

- ``read PATH``: a file opened under the checkout's ``docs/`` ending in ``.md`` (the prose), or
  under ``site/`` or ``.cache/`` (made from it);
- ``unwatched WHY``: a process started that this hook cannot follow. That is a Python process
  whose environment drops the hook (no log, or ``-I``/``-E``/``-S``), another program started
  in the checkout or given a path in it, or ``os.system``/``exec``/``spawn``. A Python child
  whose environment keeps the log but not this folder on ``PYTHONPATH`` (``dev.py`` sets its
  own) gets the folder put back, so it is followed.

A script whose ``#!`` line names Python (a console script such as ``check-jsonschema``) is a
Python process. Two other programs are known:

- the build's KaTeX in node (``node bookkit/mkdocs/katex_render.js KATEX.js``), which reads its
  script, the KaTeX it is given and its standard input, nothing else;
- Playwright's driver (``node .../playwright/driver/package/cli.js run-driver``). The browser it
  starts reads the checkout only through what this process serves it (the tests' site servers,
  Playwright's routes), which this hook sees, or through a ``file:`` URL, which no test opens
  (``tests/test_proven.py`` checks that the tests and bookkit name none).

Python children load it, with the same log, from ``sitecustomize.py`` in this folder, which the
test run puts on ``PYTHONPATH``; a forked process keeps its parent's hook. ``tests/proven.py``
reads the log.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys

LOG = "PROSE_WATCH_LOG"  # the log's path, in the environment of every process that writes to it
ROOT = "PROSE_WATCH_ROOT"  # the checkout watched
HERE = os.path.dirname(os.path.abspath(__file__))
_PYTHON = re.compile(r"python[\d.]*$")
KATEX_SCRIPT = os.path.join("bookkit", "mkdocs", "katex_render.js")
_UNFOLLOWED = ("os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.startfile", "pty.spawn")


def _playwright_driver() -> str | None:
    """The script of Playwright's driver, where Playwright is installed (not imported here)."""
    spec = importlib.util.find_spec("playwright")
    if spec is None or spec.origin is None:
        return None
    return os.path.join(os.path.dirname(spec.origin), "driver", "package", "cli.js")


def install(log: str, root: str, ignored: tuple[str, ...] = (), frames: bool = False) -> None:
    """Watch this process: append to ``log`` what it does to the checkout at ``root``. Reads
    under ``ignored`` are not reported; with ``frames``, a read names the modules whose
    top-level code is running (what a test run's collection reads, by module)."""
    root = os.path.abspath(root) + os.sep
    watched = tuple(root + name + os.sep for name in ("docs", "site", ".cache"))
    docs = root + "docs" + os.sep

    def write(line: str) -> None:
        with open(log, "a", encoding="utf-8") as out:  # noqa: PTH123 (no pathlib: it is audited)
            out.write(f"{line}\n")

    def importing() -> str:
        frame, names = sys._getframe(2), []
        while frame is not None:
            if frame.f_code.co_name == "<module>":
                names.append(str(frame.f_globals.get("__name__")))
            frame = frame.f_back
        return " ".join(names)

    def python_child(args, env) -> str | None:
        """Why a Python child would not carry the hook, or None. A child whose environment
        keeps this log but not this folder on ``PYTHONPATH`` (a task runner setting its own)
        gets the folder back: the event comes before ``subprocess`` reads ``env``."""
        if any(flag in ("-I", "-E", "-S") for flag in args[1:3]):
            return f"python {' '.join(args[:3])}"
        if env is not None:
            paths = str(env.get("PYTHONPATH", "")).split(os.pathsep)
            if env.get(LOG) != log:
                return f"python without the watch: {' '.join(args[:4])}"
            if HERE not in paths and isinstance(env, dict):
                env["PYTHONPATH"] = os.pathsep.join([HERE, *filter(None, paths)])
            elif HERE not in paths:
                return f"python without the watch on its path: {' '.join(args[:4])}"
        return None

    def shebang_python(program: str, env) -> list[str] | None:
        """The interpreter line of a script that runs Python (``#!/path/python -flags``)."""
        path = program if os.sep in program else shutil.which(
            program, path=env.get("PATH") if env else None)
        try:
            with open(path, "rb") as script:  # noqa: PTH123 (no pathlib: it is audited)
                first = script.readline(300)
        except (OSError, TypeError):
            return None
        words = os.fsdecode(first[2:]).split() if first.startswith(b"#!") else []
        if words and os.path.basename(words[0]) == "env":
            words = words[1:]
        return words if words and _PYTHON.match(os.path.basename(words[0])) else None

    def known_program(argv: list[str]) -> bool:
        """The build's KaTeX in node, given only .js files outside what prose makes; or
        Playwright's driver."""
        if os.path.basename(argv[0]) != "node" or len(argv) < 2:
            return False
        if argv[1:] == [_playwright_driver(), "run-driver"]:
            return True
        return argv[1] == root + KATEX_SCRIPT and all(
            arg.endswith(".js") and not arg.startswith(watched[1:]) for arg in argv[2:])

    def hook(event: str, args: tuple) -> None:
        if event == "open":
            path = args[0]
            if isinstance(path, bytes):
                path = os.fsdecode(path)
            if not isinstance(path, str):
                return
            if not path.startswith(os.sep):
                path = os.path.join(os.getcwd(), path)
            if (path.startswith(watched) and (not path.startswith(docs) or path.endswith(".md"))
                    and not path.startswith(ignored)):
                write(f"read {path}" + (f" by {importing()}" if frames else ""))
        elif event == "subprocess.Popen":
            executable, argv, cwd, env = args
            argv = [os.fsdecode(a) if isinstance(a, bytes) else str(a) for a in
                    ([argv] if isinstance(argv, (str, bytes)) else list(argv))]
            program = os.path.basename(str(executable or argv[0]))
            interpreter = None if _PYTHON.match(program) else shebang_python(
                str(executable or argv[0]), env)
            if _PYTHON.match(program):
                why = python_child(argv, env)
            elif interpreter:
                why = python_child([*interpreter, *argv], env)
            elif known_program(argv):
                why = None
            else:
                folder = os.path.abspath(os.fsdecode(cwd)) + os.sep if cwd else os.getcwd() + os.sep
                why = (f"{program} in {folder}" if folder.startswith(root)
                       else next((f"{program} given {arg}" for arg in argv
                                  if root in arg + os.sep), None))
            if why:
                write(f"unwatched {why}")
        elif event.startswith(_UNFOLLOWED):
            write(f"unwatched {event}")

    sys.addaudithook(hook)
