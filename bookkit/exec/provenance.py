"""Where outputs were executed: the machine a worker describes, and the line a page shows.

:func:`describe_machine` runs inside the worker that executed a unit (torch is already
imported there), so the build process itself never imports torch. Only the standard library is
imported at module level: the recorder uses this module on machines without the project's
environment.
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

_UNSAFE = re.compile(r"[^A-Za-z0-9 ._,()@+/:-]")


def clean_name(text: str) -> str:
    """A short, plain name (no markup can come from a device or CPU name)."""
    return re.sub(r"\s+", " ", _UNSAFE.sub("", text)).strip()[:120] or "unknown"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return clean_name(line.split(":", 1)[1])
    except OSError:
        pass
    return clean_name(platform.processor() or platform.machine())


def nvidia_driver() -> str | None:
    if shutil.which("nvidia-smi") is None:
        return None
    try:
        result = subprocess.run(
            ["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
            capture_output=True, text=True, timeout=30, check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    first = result.stdout.strip().splitlines()
    return clean_name(first[0]) if first else None


def describe_machine(device: str = "cpu") -> dict[str, Any]:
    """Device, CPU, torch, Python and (on a GPU) CUDA and driver, as plain data."""
    torch = sys.modules.get("torch")
    info: dict[str, Any] = {
        # a str: torch.__version__ is torch's own str subclass, and unpickling it in the
        # build process would import torch there
        "torch": str(torch.__version__) if torch else None,
        "python": platform.python_version(),
        "platform": clean_name(platform.platform()),
        "cpu": {
            "model": cpu_model(),
            "logical_cores": os.cpu_count() or 0,
            "torch_threads": torch.get_num_threads() if torch else 0,
        },
        "device": {"kind": "cpu", "name": cpu_model()},
        "cuda": None,
    }
    if device == "cuda" and torch is not None and torch.cuda.is_available():
        index = torch.cuda.current_device()
        properties = torch.cuda.get_device_properties(index)
        cudnn = torch.backends.cudnn.version() if torch.backends.cudnn.is_available() else None
        info["device"] = {"kind": "cuda", "name": clean_name(torch.cuda.get_device_name(index))}
        info["cuda"] = {
            "runtime": torch.version.cuda,
            "driver": nvidia_driver(),
            "cudnn": str(cudnn) if cudnn is not None else None,
            "capability": f"{properties.major}.{properties.minor}",
            "total_memory_bytes": int(properties.total_memory),
        }
    return info


def provenance_note(machines: list[dict[str, Any]], dates: list[str]) -> str:
    """One unobtrusive line for the end of a chapter page (Markdown with HTML).

    ``machines`` describe where the page's units ran and ``dates`` when (ISO dates); a page
    whose units ran on different days says so.
    """
    if not machines:
        return ""
    kinds = sorted({
        f"torch {m['torch']}, Python {m['python']}, {m['device']['name']} "
        f"(스레드 {m['cpu']['torch_threads']})"
        for m in machines
    })
    days = sorted(set(dates))
    when = days[0] if len(days) == 1 else f"{days[0]}부터 {days[-1]} 사이"
    return (
        '\n\n<p class="book-provenance" markdown="span">'
        f"이 페이지의 출력은 {when}에 {'; '.join(kinds)}에서 실행한 결과입니다. "
        "GPU에서 기록한 출력은 기록한 기기와 날짜를 따로 표시합니다."
        "</p>\n"
    )
