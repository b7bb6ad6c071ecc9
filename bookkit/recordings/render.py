"""Page helper: a recorded snippet's code, then one content tab per device with its output.

A block with ``source`` unset and no ``result`` prints :func:`render_tabs` as Markdown. The CPU
tab runs the snippet right there in the block (unless ``live_cpu=False``, for slow
measurements), so it is part of the page's own unit; the other tabs show recordings. A device
without a recording says so instead of showing numbers; a recording made from other code gets
a visible warning; one made with another torch release says which.
"""

from __future__ import annotations

import platform
import re
import sys
from pathlib import Path
from typing import Any

from bookkit.exec.capture import new_namespace, run_code
from bookkit.exec.provenance import cpu_model
from bookkit.fences import code_fence
from bookkit.outputs import text_output_html
from bookkit.recordings import DEVICE_LABELS
from bookkit.recordings.store import Freshness, freshness, load, project_root, snippet_code
from bookkit.settings import DEVICE_VARIABLE, DEVICES, environment_set


def _fence(text: str, lang: str, extra: str = "") -> list[str]:
    return code_fence(text.rstrip("\n").splitlines(), f"{lang}{extra}")


def _output(text: str) -> str:
    """An output as one line of escaped HTML: no fence to close, no blank line to end the HTML
    block, no ``--8<--`` line for the snippets extension to expand."""
    return text_output_html(text).replace("\n", "&#10;")


def _indent(lines: list[str], spaces: int = 4) -> list[str]:
    return [(" " * spaces + line) if line.strip() else "" for line in lines]


def provenance(recording: dict[str, Any]) -> str:
    """One line saying where a recording was made: device, torch, date and more."""
    made = recording["provenance"]
    parts = [recording["device"]["name"], f"torch {made['torch']}", f"Python {made['python']}"]
    cuda = made.get("cuda")
    if cuda and cuda.get("runtime"):
        parts.append(f"CUDA {cuda['runtime']}")
    if cuda and cuda.get("driver"):
        parts.append(f"드라이버 {cuda['driver']}")
    parts.append(f"CPU 스레드 {made['cpu']['torch_threads']}")
    parts.append(f"{made['recorded_at'][:10]} 기록")
    parts.append(f"실행 {made['duration_s']:.1f}초")
    return " · ".join(parts)


def _notices(device: str, state: Freshness) -> list[str]:
    lines: list[str] = []
    if not state.code_fresh:
        files = ", ".join(f"`{path}`" for path in state.changed)
        lines += [
            '!!! warning "오래된 기록"',
            "",
            "    아래 출력은 코드가 바뀌기 전에 기록되었습니다. 지금의 코드가 내는 출력과 다를 수",
            f"    있습니다. 바뀐 파일: {files}. {DEVICE_LABELS[device]}에서 다시 기록해야 합니다.",
            "",
        ]
    if not state.torch_matches:
        lines += [
            '!!! note "다른 torch 버전의 기록"',
            "",
            f"    이 기록은 torch {state.recorded_torch}로 만들었습니다. 이 책의 빌드는 torch "
            f"{state.current_torch}를 씁니다.",
            "",
        ]
    return lines


def _not_recorded(device: str) -> list[str]:
    return [
        '!!! note "아직 기록되지 않음"',
        "",
        f"    이 블록은 아직 {DEVICE_LABELS[device]}에서 실행해 기록한 적이 없습니다.",
        "    출력은 손으로 적어 넣지 않으므로 이 탭은 비어 있습니다.",
    ]


def run_live(snippet: str, root: Path) -> str:
    """Run the snippet here, on the CPU, as the recorder would; return what it printed."""
    code = snippet_code(snippet, root, keep_hidden=True)
    namespace = new_namespace("book_live_" + re.sub(r"\W+", "_", snippet))
    with environment_set(DEVICE_VARIABLE, "cpu"):
        return run_code(code, namespace, filename=snippet)


def render_tabs(snippet: str, live_cpu: bool = True, root: Path | None = None) -> str:
    """Markdown: the snippet's code, then one content tab per device with its output."""
    base = project_root() if root is None else Path(root)
    title = f' title="{Path(snippet).name}"'
    lines = [*_fence(snippet_code(snippet, base), "python", title), ""]
    for device in DEVICES:
        body: list[str] = []
        if device == "cpu" and live_cpu:
            torch = sys.modules.get("torch")
            tab = f"{DEVICE_LABELS['cpu']} · {cpu_model()}"
            output = run_live(snippet, base)
            body += [
                f"*이 빌드에서 실행 · {cpu_model()} · torch {torch.__version__ if torch else '?'}"
                f" · Python {platform.python_version()}"
                f" · CPU 스레드 {torch.get_num_threads() if torch else '?'}*",
                "",
                _output(output),
            ]
        else:
            recording = load(snippet, device, base)
            tab = DEVICE_LABELS[device]
            if recording is None:
                body += _not_recorded(device)
            else:
                tab += f" · {recording['device']['name']}"
                state = freshness(recording, base)
                if not state.code_fresh:
                    tab += " (오래된 기록)"
                body += _notices(device, state)
                body += [f"*{provenance(recording)}*", "", _output(recording["stdout"])]
        lines += [f'=== "{tab}"', "", *_indent(body), ""]
    return "\n".join(lines)


def show_recorded(snippet: str, live_cpu: bool = True, root: Path | None = None) -> None:
    """Print :func:`render_tabs` for an executed block whose output is Markdown (no result=)."""
    print(render_tabs(snippet, live_cpu=live_cpu, root=root))
