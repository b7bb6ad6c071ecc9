"""What crosses the process boundary: a job for a worker, its messages back, and a failure.

Standard library only: the forkserver preloads this module with :mod:`bookkit.exec.worker`.

A :class:`Job` is everything a worker needs to run one unit, limits included (the worker never
reads the build's settings). The worker answers with one message per event, in this order:
:class:`BlockStarted` and then :class:`BlockDone` or :class:`BlockFailed` for each block,
:class:`KernelGroup` when a notebook kernel starts, and :class:`UnitFinished` at the end; a fault
of the worker itself is a :class:`WorkerFault`. Every failure, wherever it is noticed, is a
:class:`Failure`.
"""

from __future__ import annotations

import re
import traceback as tb
from dataclasses import dataclass, field
from typing import Any

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


KERNEL_KINDS = ("notebook", "offered")  # unit kinds whose code cells run in a Jupyter kernel


@dataclass(frozen=True)
class Limits:
    output: int = 1_000_000  # characters a block may print
    memory_mib: int = 0  # data segment of the unit, 0: none
    processes: int = 0  # processes the unit may start, 0: none


@dataclass(frozen=True)
class BlockSource:
    id: str
    code: str
    filename: str  # the label tracebacks show, e.g. docs/page.md:12
    options: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Job:
    kind: str  # a unit's kind: "blocks", "notebook" or "offered"
    root: str
    module: str  # the name the blocks' namespace is registered under
    blocks: tuple[BlockSource, ...]
    device: str = "cpu"  # BOOK_DEVICE in the worker's environment (settings.job_device)
    collect: tuple[str, ...] = ()  # namespace variables to send back
    guarded: tuple[str, ...] = ()  # folders the unit may not change
    limits: Limits = Limits()
    environ: dict[str, str] | None = None  # the build's environment; None: the server's
    cwd: str | None = None  # the unit's scratch folder


@dataclass
class Failure:
    """A block (or a unit) that did not run to its end."""

    kind: str  # raised, timeout, crashed, internal
    type: str
    message: str
    traceback: str = ""
    block: int | None = None  # index of the block that was running, None if none was
    label: str = ""  # the failing block's label, or the unit's name (set by the engine)
    block_id: str | None = None

    def summary(self) -> str:
        first = self.message.splitlines()[0] if self.message else ""
        return f"{self.label}: {self.type}: {first}".rstrip(": ")


def describe_failure(error: BaseException, filename: str | None = None, *,
                     kind: str = "raised", block: int | None = None) -> Failure:
    """A block's exception as a failure, its traceback from the block's frame down. A bare
    ``assert`` of the block gets the values it compared as its message."""
    frames = error.__traceback__
    if filename is not None:
        first = frames
        while first is not None and first.tb_frame.f_code.co_filename != filename:
            first = first.tb_next
        frames = first or frames
    shown = "".join(tb.format_exception(type(error), error, frames))
    message = _ANSI.sub("", str(error)).strip()
    if isinstance(error, AssertionError) and not message and filename is not None:
        message = compared_values(error.__traceback__, filename)
        if message:
            shown += f"compared values: {message}\n"
    return Failure(kind, type(error).__name__, message, _ANSI.sub("", shown), block)


def compared_values(trace, filename: str) -> str:
    """What the failing ``assert`` in ``filename``'s last frame compared, evaluated again in
    that frame: ``left == right`` with both values, for the first false part of an ``and``.
    Empty when the statement cannot be read or evaluated (it is never worse than nothing)."""
    import ast
    import linecache

    frame = None
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == filename:
            frame, line = trace.tb_frame, trace.tb_lineno
        trace = trace.tb_next
    if frame is None:
        return ""
    try:
        statement = ast.parse(linecache.getline(filename, line).strip()).body[0]
        if not isinstance(statement, ast.Assert):
            return ""
        scope = (frame.f_globals, frame.f_locals)

        def value(node):
            return eval(compile(ast.Expression(node), filename, "eval"), *scope)  # noqa: S307

        test = statement.test
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
            test = next((part for part in test.values if not value(part)), test)
        if isinstance(test, ast.Compare):
            parts = [ast.unparse(test.left), f"= {value(test.left)!r}"[:160]]
            for operator, right in zip(test.ops, test.comparators, strict=True):
                sign = ast.unparse(ast.Compare(ast.Name("_"), [operator], [ast.Name("_")]))[2:-2]
                parts += [sign, ast.unparse(right), f"= {value(right)!r}"[:160]]
            return " ".join(parts)
        return f"{ast.unparse(test)} is {value(test)!r}"[:200]
    except Exception:  # noqa: BLE001  (a message is a help, never a second failure)
        return ""


@dataclass(frozen=True)
class BlockStarted:
    block: int


@dataclass(frozen=True)
class BlockDone:
    block: int
    output: Any


@dataclass(frozen=True)
class BlockFailed:
    failure: Failure


@dataclass(frozen=True)
class WorkerFault:
    failure: Failure


@dataclass(frozen=True)
class KernelGroup:
    group: int  # a notebook kernel's process group, killed at unit end


@dataclass(frozen=True)
class UnitFinished:
    inputs: dict[str, str | None]
    machine: dict[str, Any]
    collected: dict[str, Any]


Message = BlockStarted | BlockDone | BlockFailed | WorkerFault | KernelGroup | UnitFinished
