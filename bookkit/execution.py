"""Run one executed block and collect everything a reader should see.

markdown-exec only redirects ``print``; a warning, a ``sys.stdout.write`` or a ``print`` inside
library code (for example :func:`bookkit.show.expect_error`) would land in the build log instead
of the page. Here stdout, stderr and warnings of the block all go into its output, in the order
they happen. The build hook and the snippet tests both call :func:`run_code`, so a block behaves
the same in ``mkdocs build`` and in ``pytest``.
"""

from __future__ import annotations

import contextlib
import io
import linecache
import os
import signal
import sys
import threading
import warnings
from types import ModuleType

import matplotlib

# Pages draw plots into SVG; no block may try to open a window.
matplotlib.use("Agg")


# A block that runs longer than this fails instead of hanging the build (markdown-exec has no
# timeout of its own). BOOK_BLOCK_TIMEOUT overrides it, in seconds; 0 turns it off.
DEFAULT_TIMEOUT_S = 300


class BlockTimeout(TimeoutError):
    """An executed block ran longer than the allowed time."""


@contextlib.contextmanager
def _time_limit(seconds: float):
    usable = (
        seconds > 0
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    def expire(signum, frame):  # noqa: ARG001
        raise BlockTimeout(
            f"block ran longer than {seconds:g} s (BOOK_BLOCK_TIMEOUT to change the limit)"
        )

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def block_timeout() -> float:
    return float(os.environ.get("BOOK_BLOCK_TIMEOUT", DEFAULT_TIMEOUT_S))


def new_namespace(module_name: str) -> dict:
    """A fresh globals dict for one page session.

    It is registered as a module in ``sys.modules`` because dataclasses and pickling look
    classes up by ``__module__``.
    """
    module = ModuleType(module_name)
    sys.modules[module_name] = module
    namespace = module.__dict__
    namespace["__name__"] = module_name
    return namespace


@contextlib.contextmanager
def _warnings_into(stream: io.StringIO):
    def show(message, category, filename, lineno, file=None, line=None):  # noqa: ARG001
        stream.write(f"{category.__name__}: {message}\n")

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = show
        yield


def run_code(code: str, namespace: dict, filename: str) -> str:
    """Execute ``code`` in ``namespace`` and return what it printed, warned or wrote.

    ``filename`` names the block in tracebacks; its lines are registered with linecache so a
    traceback shows the failing source line. A block running longer than
    :func:`block_timeout` seconds raises :class:`BlockTimeout`.
    """
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    namespace.pop("print", None)  # markdown-exec injects its own print; use the real one
    output = io.StringIO()
    compiled = compile(code, filename, "exec", dont_inherit=True)
    with (
        contextlib.redirect_stdout(output),
        contextlib.redirect_stderr(output),
        _warnings_into(output),
        _time_limit(block_timeout()),
    ):
        exec(compiled, namespace)
    return output.getvalue()
