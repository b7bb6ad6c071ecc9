"""Where the executed outputs of a build came from: torch, Python, device, date."""

from __future__ import annotations

import datetime as dt
import platform
import sys

from bookkit.recordings import cpu_model


def build_environment() -> dict[str, str]:
    import torch

    return {
        "torch": torch.__version__,
        "python": platform.python_version(),
        "device": torch.cuda.get_device_name(0) if torch.cuda.is_available() else "CPU",
        "cpu": cpu_model(),
        "threads": str(torch.get_num_threads()),
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d"),
        "platform": f"{sys.platform}-{platform.machine()}",
    }


def provenance_note(env: dict[str, str]) -> str:
    """One unobtrusive line for the end of a chapter page (Markdown with HTML)."""
    return (
        '\n\n<p class="book-provenance" markdown="span">'
        f"이 페이지의 출력은 {env['date']}에 torch {env['torch']}, Python {env['python']}, "
        f"{env['device']} ({env['cpu']}, 스레드 {env['threads']})에서 빌드하며 실행한 결과입니다. "
        "GPU에서 기록한 출력은 기록한 기기와 날짜를 따로 표시합니다."
        "</p>\n"
    )
