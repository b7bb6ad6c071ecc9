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
import sys
import warnings
from types import ModuleType

import matplotlib

# Pages draw plots into SVG; no block may try to open a window.
matplotlib.use("Agg")


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
    traceback shows the failing source line.
    """
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    namespace.pop("print", None)  # markdown-exec injects its own print; use the real one
    output = io.StringIO()
    compiled = compile(code, filename, "exec", dont_inherit=True)
    with (
        contextlib.redirect_stdout(output),
        contextlib.redirect_stderr(output),
        _warnings_into(output),
    ):
        exec(compiled, namespace)
    return output.getvalue()
