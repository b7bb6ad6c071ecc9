"""Page helper for recorded snippets: the device this run is for.

The recorder sets ``BOOK_DEVICE`` (``cpu`` or ``cuda``) in the worker that runs a recorded
snippet; the build runs everything on the CPU.
"""

from __future__ import annotations

import os

import torch

DEVICE_ENV = "BOOK_DEVICE"
DEVICES = ("cpu", "cuda")


def recording_device() -> torch.device:
    """``torch.device`` of ``$BOOK_DEVICE`` (CPU by default); fails if CUDA is asked for but
    is not there."""
    kind = os.environ.get(DEVICE_ENV, "cpu")
    if kind not in DEVICES:
        raise ValueError(f"{DEVICE_ENV}={kind!r}: expected one of {DEVICES}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("CUDA was requested but torch.cuda.is_available() is False")
    return torch.device(kind)
