"""Tracebacks that PyTorch prints into warnings, cut to the page's own code.

Anomaly mode (``torch.autograd.detect_anomaly``) warns with the Python stack of the forward
call that made a failing backward node. Most of that stack is the build machinery that runs
the block (the worker, the capture code); :func:`page_tracebacks` folds those frames into one
line so the page shows the reader's code and PyTorch's own words.

This lives apart from :mod:`bookkit.show` on purpose: recorded snippets import ``show``, and
their recordings are keyed on the modules they import.
"""

from __future__ import annotations

import contextlib
import os
import re
import warnings

_FRAME = re.compile(r'^\s*File "(?P<path>[^"]+)", line \d+, in ')


def page_frames(text: str) -> str:
    """``text`` with the traceback frames outside the page's own code folded into one line.

    The engine names a block's code by the page (``docs/<page>.md (block '<id>')``); every
    other frame (the build machinery that runs the block, libraries) has an absolute path or
    a ``<...>`` name. Each run of such frames becomes ``  ... (페이지 밖의 프레임 N개)``.
    """
    out: list[str] = []
    hidden = 0
    skipping = False
    for line in text.splitlines():
        frame = _FRAME.match(line)
        if frame:
            path = frame["path"]
            skipping = os.path.isabs(path) or path.startswith("<")
            if skipping:
                hidden += 1
                continue
        elif skipping and line.startswith("    "):
            continue  # the source line (and carets) of a hidden frame
        else:
            skipping = False
        if hidden:
            out.append(f"  ... (페이지 밖의 프레임 {hidden}개)")
            hidden = 0
        out.append(line)
    if hidden:
        out.append(f"  ... (페이지 밖의 프레임 {hidden}개)")
    return "\n".join(out)


@contextlib.contextmanager
def page_tracebacks():
    """Print warnings as they come, with tracebacks in them cut to the page's own frames.

    Anomaly mode (``torch.autograd.detect_anomaly``) warns with the traceback of the forward
    call; most of that stack is the build machinery running the block, which this hides.
    Yields the list of the printed messages, for the block's hidden checks.
    """
    shown: list[str] = []
    with warnings.catch_warnings():
        warnings.simplefilter("always")

        def show(message, category, filename, lineno, file=None, line=None):  # noqa: ARG001
            shown.append(f"{category.__name__}: {page_frames(str(message))}")
            print(shown[-1])

        warnings.showwarning = show
        yield shown
