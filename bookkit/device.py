"""Page helper for recorded snippets: the device this run is for.

The recorder sets ``BOOK_DEVICE`` (``cpu`` or ``cuda``) in the worker that runs a recorded
snippet; the build runs everything on the CPU.
"""

from __future__ import annotations

import torch

from bookkit.settings import DEVICE_VARIABLE, DEVICES, environment


def recording_device() -> torch.device:
    """``torch.device`` of ``$BOOK_DEVICE`` (CPU by default); fails if CUDA is asked for but
    is not there."""
    kind = environment().get(DEVICE_VARIABLE, "cpu")
    if kind not in DEVICES:
        raise ValueError(f"{DEVICE_VARIABLE}={kind!r}: expected one of {DEVICES}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("CUDA was requested but torch.cuda.is_available() is False")
    return torch.device(kind)
