"""Page helper for recorded snippets: the device this run is for.

The recorder runs a recorded snippet in a worker whose job names the device (``cpu`` or
``cuda``); :func:`bookkit.settings.job_device` says which. The build runs everything on the CPU.
"""

from __future__ import annotations

import torch

from bookkit.settings import DEVICE_VARIABLE, DEVICES, job_device


def recording_device() -> torch.device:
    """``torch.device`` of the job's device (CPU by default); fails if CUDA is asked for but
    is not there."""
    kind = job_device()
    if kind not in DEVICES:
        raise ValueError(f"{DEVICE_VARIABLE}={kind!r}: expected one of {DEVICES}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("CUDA was requested but torch.cuda.is_available() is False")
    return torch.device(kind)
