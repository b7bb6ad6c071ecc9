"""What keeps a unit inside its own processes, and the per-unit limits (issue 18).

Standard library only: the forkserver, the workers and notebook kernels import it.

- :func:`die_with_parent`: on Linux, ``prctl(PR_SET_PDEATHSIG, SIGKILL)``: the process is killed
  as soon as its parent ends, so a build that is killed (even with SIGKILL) leaves no
  forkserver, worker or kernel behind. Elsewhere it does nothing.
- :func:`limit_memory` and :func:`memory_note`: the unit's memory limit, which travels in its
  job (:class:`bookkit.exec.jobs.Limits`) with the others.
"""

from __future__ import annotations

import dataclasses
import signal
import sys

from bookkit.exec.jobs import Failure

_PR_SET_PDEATHSIG = 1

ASSERTS_DISABLED = (
    "assert statements are disabled (-O / PYTHONOPTIMIZE): the book's hidden asserts would not "
    "run, so nothing is executed or stored; build without -O and with PYTHONOPTIMIZE unset"
)


def die_with_parent() -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # pragma: no cover  (no prctl: nothing to do)
        return


def limit_memory(mib: int) -> None:
    """Cap the data segment (heap and private mappings) of this process and its children."""
    if mib <= 0:
        return
    import resource

    wanted = mib * 2**20
    _, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (wanted, hard))


def memory_note(failure: Failure, mib: int) -> Failure:
    """Say which limit a memory error hit (a MemoryError, or torch's allocator failing)."""
    text = failure.message
    if mib > 0 and (failure.type == "MemoryError" or "MemoryError" in text
                    or "can't allocate memory" in text):
        note = f"the unit's memory limit of {mib} MiB (BOOK_MEMORY_LIMIT) was hit"
        failure = dataclasses.replace(failure, message=f"{text} ({note})".strip())
    return failure
