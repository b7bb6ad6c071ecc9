"""``serve`` ended by SIGTERM or SIGHUP ends as Ctrl-C ends it.

A closed terminal sends SIGHUP, a process manager or ``kill`` SIGTERM. By default both kill the
process at once: MkDocs' ``finally`` never runs, so its temporary site folder (a whole copy of the
site), multiprocessing's folder and the plugins' ``on_shutdown`` (the helper processes) are
skipped, and the folders stay in the temporary directory for good. :func:`end_like_ctrl_c`
turns both signals into ``KeyboardInterrupt`` in the main thread, which MkDocs' ``serve``
catches as it catches Ctrl-C: it stops the server, calls ``on_shutdown`` and removes its site.
A handler somebody else set is kept.
"""

from __future__ import annotations

import signal
import threading


def _interrupt(signum, frame):  # noqa: ARG001
    raise KeyboardInterrupt


def end_like_ctrl_c() -> None:
    """In the main thread: SIGTERM and SIGHUP, where no handler is set, raise
    ``KeyboardInterrupt`` (the module docstring)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(signum) in (signal.SIG_DFL, None):
            signal.signal(signum, _interrupt)
