"""Run code and collect everything a reader should see: stdout, stderr and warnings.

markdown-exec only redirects ``print``; a warning, a ``sys.stdout.write`` or a ``print`` inside
library code (for example :func:`bookkit.show.expect_error`) would land in the build log
instead of the page. Here they all go into the block's output, in the order they happen.

Output is capped (the job's output limit, ``BOOK_OUTPUT_LIMIT`` characters per block,
1,000,000 by default): a block that prints more fails with :class:`OutputLimitExceeded`, even if
it catches the exception.
"""

from __future__ import annotations

import contextlib
import io
import linecache
import re
import sys
import warnings
from collections.abc import Iterator
from types import ModuleType

from bookkit.exec.jobs import Limits

DEFAULT_OUTPUT_LIMIT = Limits().output
WARNS_OPTION = "warns"  # the fence option naming what a block shows on purpose
LOG = "log"
_WARNING_LINE = re.compile(r"^\s*([A-Z]\w*Warning): ", re.M)
# torch's logging (glog style): W1202 18:32:36.764000 13958 path/file.py:9446] message
_LOG_LINE = re.compile(r"^[IWEF]\d{4} \d\d:\d\d:\d\d(?:\.\d+)?\s+\d+\s+\S+:\d+\]", re.M)


class UndeclaredWarning(Exception):
    """A block printed a warning or a log line its fence does not declare as its lesson."""


def undeclared(output: str, declared: str) -> list[str]:
    """The warning and log lines of ``output`` that the fence's ``warns="..."`` (categories
    such as ``UserWarning``, and ``log`` for log lines) does not name; one line each."""
    names = {name.strip() for name in declared.split(",") if name.strip()}
    found = []
    for line in output.splitlines():
        warning = _WARNING_LINE.match(line)
        if (warning and warning[1] not in names) or (_LOG_LINE.match(line) and LOG not in names):
            found.append(line.strip()[:200])
    return found


def check_warnings(output: str, declared: str) -> None:
    """:class:`UndeclaredWarning` when the block shows a warning or log line it does not
    declare: a new release's deprecation or a library's log line is never shown as if it
    were the lesson."""
    lines = undeclared(output, declared)
    if lines:
        kinds = sorted({m[1] for line in lines if (m := _WARNING_LINE.match(line))}
                       | ({LOG} if any(_LOG_LINE.match(line) for line in lines) else set()))
        raise UndeclaredWarning(
            f"the block printed {len(lines)} warning or log line(s) its fence does not declare: "
            f"{lines[0]!r}; if it is part of the lesson, add {WARNS_OPTION}=\"{','.join(kinds)}\" "
            "to the fence, otherwise stop it at its source")


class OutputLimitExceeded(BaseException):  # noqa: N818  (BaseException: `except Exception` can't hide it)
    """A block printed more than the output limit."""


def over_limit(limit: int) -> str:
    """What a block over the output limit is told (a cell of a notebook page too)."""
    return f"block printed more than {limit:,} characters (BOOK_OUTPUT_LIMIT to change the limit)"


class CappedBuffer(io.StringIO):
    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        self.exceeded = False

    def write(self, text: str) -> int:
        if self.exceeded or self.tell() + len(text) > self.limit:
            self.exceeded = True
            raise OutputLimitExceeded(over_limit(self.limit))
        return super().write(text)


def new_namespace(module_name: str) -> dict:
    """A fresh globals dict, registered as a module (dataclasses and pickling look it up)."""
    module = ModuleType(module_name)
    sys.modules[module_name] = module
    module.__dict__["__name__"] = module_name
    return module.__dict__


@contextlib.contextmanager
def capture_output(limit: int | None = None) -> Iterator[CappedBuffer]:
    """Send stdout, stderr and warnings into the yielded buffer."""
    buffer = CappedBuffer(DEFAULT_OUTPUT_LIMIT if limit is None else limit)

    def show(message, category, filename, lineno, file=None, line=None):  # noqa: ARG001
        buffer.write(f"{category.__name__}: {message}\n")

    with (
        contextlib.redirect_stdout(buffer),
        contextlib.redirect_stderr(buffer),
        warnings.catch_warnings(),
    ):
        warnings.simplefilter("always")
        warnings.showwarning = show
        yield buffer


def run_code(code: str, namespace: dict, filename: str, limit: int | None = None) -> str:
    """Execute ``code`` in ``namespace``; return what it printed, wrote or warned.

    ``filename`` names the code in tracebacks, which show its lines (through linecache).
    """
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    compiled = compile(code, filename, "exec", dont_inherit=True)
    with capture_output(limit) as buffer:
        exec(compiled, namespace)
    if buffer.exceeded:  # the block caught the exception and went on
        raise OutputLimitExceeded(f"block printed more than {buffer.limit:,} characters")
    output = buffer.getvalue()
    try:
        output.encode("utf-8")
    except UnicodeEncodeError as error:
        line = output[:error.start].count("\n") + 1
        raise ValueError(
            f"the block printed a lone surrogate ({output[error.start]!r}) in line {line} of its "
            "output, which no page can hold; print repr() of such a string, or encode it with "
            "errors='replace'") from None
    return output
