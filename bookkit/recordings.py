"""Device-dependent outputs: recorded on real hardware, checked as data, shown in content tabs.

Some outputs depend on the machine: matmul timings, ``x.device`` on a GPU, the mixed-device
error, CUDA memory figures. The normal build runs on CPUs only, so such a block is written once
in a snippet file whose first line is the marker ``# bookkit: recorded`` and is *recorded*:

    python -m bookkit.recordings record --device cpu     # make record DEVICE=cpu
    python -m bookkit.recordings record --device cuda    # on a GPU machine
    python -m bookkit.recordings check                   # make recordings-check

``record`` runs every marked snippet on that device (through :func:`bookkit.execution.run_code`,
as the build would) and writes ``recordings/<snippet path without .py>/<device>.json`` holding
the snippet path, a SHA-256 of the snippet and of the project code it uses, the device, torch,
Python, CUDA/driver, CPU model, date, duration, the printed output and the raw numbers the
snippet left in its ``recorded_data`` variable (for plots and for text asserted against them).

Recordings are data. They are parsed with :mod:`json` and validated by
:func:`validate_recording`; nothing in them is ever executed. A page shows them with
:func:`show_recorded`, which prints Material content tabs, one per device: a missing recording
gets an honest "아직 기록되지 않음" notice, a stale one (its code changed since) a visible
warning. ``check`` fails when the CPU recording is missing, when any recording is invalid or
stale, or when a recording has no marked snippet any more; a missing CUDA recording is reported
as "not recorded" and does not fail.

Only the standard library is imported at module level, so validating recordings needs no
installed project (the workflow that opens the pull request runs it with a bare ``python3``).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import datetime as dt
import hashlib
import json
import math
import os
import platform
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bookkit.fences import read_snippet  # standard library only, like this module

ROOT = Path(__file__).resolve().parent.parent
MARKER = "# bookkit: recorded"
DEVICES = ("cpu", "cuda")
REQUIRED_DEVICES = ("cpu",)  # a CUDA recording needs a GPU machine; its absence is reported
DEVICE_ENV = "BOOK_RECORD_DEVICE"
DATA_VARIABLE = "recorded_data"
SCHEMA_VERSION = 1
MAX_RECORDING_BYTES = 1_000_000
DEVICE_LABELS = {"cpu": "CPU", "cuda": "CUDA GPU"}

_HIDE = "# markdown-exec: hide"
_SAFE_NAME = re.compile(r"^[A-Za-z0-9 ._,()@+/:-]{1,120}$")
_VERSION = re.compile(r"^[0-9A-Za-z.+_-]{1,40}$")
_SOURCE = re.compile(r"^snippets/[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*\.py$")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


# ---------------------------------------------------------------------------------------------
# Which snippets are recorded, where their recordings live, what code they depend on
# ---------------------------------------------------------------------------------------------


def _root(root: Path | None) -> Path:
    return Path(root) if root is not None else ROOT


def is_recorded_snippet(path: Path) -> bool:
    """A snippet is recorded when one of its first lines is exactly the marker."""
    try:
        head = path.read_text(encoding="utf-8").splitlines()[:5]
    except (OSError, UnicodeDecodeError):
        return False
    return any(line.strip() == MARKER for line in head)


def recorded_snippets(root: Path | None = None) -> list[str]:
    """Root-relative paths of every marked snippet, sorted."""
    base = _root(root)
    return sorted(
        path.relative_to(base).as_posix()
        for path in (base / "snippets").rglob("*.py")
        if is_recorded_snippet(path)
    )


def recording_path(snippet: str, device: str, root: Path | None = None) -> Path:
    """``recordings/<snippet path under snippets/, without .py>/<device>.json``."""
    relative = Path(snippet).relative_to("snippets").with_suffix("")
    return _root(root) / "recordings" / relative / f"{device}.json"


def _bookkit_imports(path: Path) -> set[str]:
    """Names of the ``bookkit`` modules a Python file imports (at any depth in the file)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "bookkit" and len(parts) >= 2:
                found.add(parts[1])
    return found


def dependency_files(snippet: str, root: Path | None = None) -> list[str]:
    """The snippet, this recorder and every bookkit module they import, transitively."""
    base = _root(root)
    files = {snippet, "bookkit/recordings.py"}
    queue = list(files)
    while queue:
        current = base / queue.pop()
        for module in _bookkit_imports(current):
            relative = f"bookkit/{module}.py"
            if relative not in files and (base / relative).is_file():
                files.add(relative)
                queue.append(relative)
    return sorted(files)


def code_digest(snippet: str, root: Path | None = None) -> tuple[str, dict[str, str]]:
    """SHA-256 over the snippet and the project code it uses, and each file's own digest."""
    base = _root(root)
    combined = hashlib.sha256()
    per_file: dict[str, str] = {}
    for relative in dependency_files(snippet, base):
        content = (base / relative).read_bytes()
        per_file[relative] = hashlib.sha256(content).hexdigest()
        combined.update(relative.encode() + b"\0" + content + b"\0")
    return combined.hexdigest(), per_file


# ---------------------------------------------------------------------------------------------
# Recording
# ---------------------------------------------------------------------------------------------


def recording_device():
    """The device a recorded snippet runs on: ``$BOOK_RECORD_DEVICE``, CPU by default."""
    import torch

    kind = os.environ.get(DEVICE_ENV, "cpu")
    if kind not in DEVICES:
        raise ValueError(f"{DEVICE_ENV}={kind!r}: expected one of {DEVICES}")
    if kind == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("CUDA was requested but torch.cuda.is_available() is False")
    return torch.device(kind)


@contextlib.contextmanager
def _device_environment(device: str):
    previous = os.environ.get(DEVICE_ENV)
    os.environ[DEVICE_ENV] = device
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(DEVICE_ENV, None)
        else:
            os.environ[DEVICE_ENV] = previous


def _clean_name(text: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9 ._,()@+/:-]", "", text)
    return re.sub(r"\s+", " ", cleaned).strip()[:120] or "unknown"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return _clean_name(line.split(":", 1)[1])
    except OSError:
        pass
    return _clean_name(platform.processor() or platform.machine())


def _nvidia_driver() -> str | None:
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
    return _clean_name(first[0]) if first else None


def environment(device: str) -> dict[str, Any]:
    """Where a recording comes from: device, CPU, torch, Python, CUDA and driver."""
    import torch

    info: dict[str, Any] = {
        "cpu": {
            "model": cpu_model(),
            "logical_cores": os.cpu_count() or 0,
            "torch_threads": torch.get_num_threads(),
        },
        "torch": torch.__version__,
        "python": platform.python_version(),
        "platform": _clean_name(platform.platform()),
        "cuda": None,
    }
    if device == "cuda":
        index = torch.cuda.current_device()
        properties = torch.cuda.get_device_properties(index)
        cudnn = torch.backends.cudnn.version() if torch.backends.cudnn.is_available() else None
        info["device"] = {"kind": "cuda", "name": _clean_name(torch.cuda.get_device_name(index))}
        info["cuda"] = {
            "runtime": torch.version.cuda,
            "driver": _nvidia_driver(),
            "cudnn": str(cudnn) if cudnn is not None else None,
            "capability": f"{properties.major}.{properties.minor}",
            "total_memory_bytes": int(properties.total_memory),
        }
    else:
        info["device"] = {"kind": "cpu", "name": info["cpu"]["model"]}
    return info


def run_snippet(snippet: str, device: str, root: Path | None = None) -> dict[str, Any]:
    """Execute one marked snippet on ``device``; return its output, data and duration."""
    from bookkit.execution import new_namespace, run_code

    base = _root(root)
    code = snippet_code(snippet, base, keep_hidden=True)
    module = "book_recording_" + re.sub(r"\W+", "_", f"{snippet}_{device}")
    namespace = new_namespace(module)
    with _device_environment(device):
        start = time.perf_counter()
        stdout = run_code(code, namespace, filename=snippet)
        duration = time.perf_counter() - start
    data = namespace.get(DATA_VARIABLE, {})
    problems = _json_value_problems(data, DATA_VARIABLE)
    if problems:
        raise ValueError(f"{snippet}: {DATA_VARIABLE} is not plain JSON data: {problems[0]}")
    sys.modules.pop(module, None)
    return {"stdout": stdout, "data": data, "duration_s": round(duration, 3)}


def record(snippet: str, device: str, root: Path | None = None) -> dict[str, Any]:
    """Run ``snippet`` on ``device`` and return the complete, validated recording."""
    base = _root(root)
    with _device_environment(device):
        recording_device()  # fails clearly when the device is not there
    digest, per_file = code_digest(snippet, base)
    env = environment(device)
    run = run_snippet(snippet, device, base)
    recording = {
        "schema": SCHEMA_VERSION,
        "source": snippet,
        "source_sha256": digest,
        "source_files": per_file,
        "device": env["device"],
        "cpu": env["cpu"],
        "torch": env["torch"],
        "python": env["python"],
        "platform": env["platform"],
        "cuda": env["cuda"],
        "recorded_at": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat(),
        "duration_s": run["duration_s"],
        "stdout": run["stdout"],
        "data": run["data"],
    }
    problems = validate_recording(recording, source=snippet, device=device)
    if problems:
        raise ValueError(f"{snippet}: the new recording is invalid: {problems}")
    return recording


def write_recording(recording: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(recording, ensure_ascii=False, indent=2, allow_nan=False) + "\n"
    path.write_text(text, encoding="utf-8")


def record_all(
    device: str, root: Path | None = None, out: Path | None = None, only: list[str] | None = None
) -> list[Path]:
    """Record every marked snippet (or ``only`` these) on ``device``; return the files written."""
    import gc

    base = _root(root)
    written: list[Path] = []
    for snippet in only or recorded_snippets(base):
        print(f"recording {snippet} on {device} ...", flush=True)
        recording = record(snippet, device, base)
        path = recording_path(snippet, device, base)
        if out is not None:
            path = Path(out) / path.relative_to(base / "recordings")
        write_recording(recording, path)
        print(f"  wrote {path} ({recording['duration_s']} s)", flush=True)
        written.append(path)
        gc.collect()
        if device == "cuda":
            import torch

            torch.cuda.empty_cache()
    return written


# ---------------------------------------------------------------------------------------------
# Validation: recordings are data, never code
# ---------------------------------------------------------------------------------------------

_REQUIRED_KEYS = {
    "schema": int, "source": str, "source_sha256": str, "source_files": dict, "device": dict,
    "cpu": dict, "torch": str, "python": str, "platform": str, "recorded_at": str,
    "duration_s": (int, float), "stdout": str, "data": dict,
}
_OPTIONAL_KEYS = {"cuda": (dict, type(None))}


def _json_value_problems(value: Any, where: str, depth: int = 0) -> list[str]:
    """Problems if ``value`` is not plain JSON data (finite numbers, short strings, shallow)."""
    if depth > 8:
        return [f"{where}: nested too deeply"]
    if value is None or isinstance(value, bool):
        return []
    if isinstance(value, int):
        return []
    if isinstance(value, float):
        return [] if math.isfinite(value) else [f"{where}: number is not finite"]
    if isinstance(value, str):
        return [] if len(value) <= 10_000 else [f"{where}: string longer than 10000"]
    if isinstance(value, list):
        if len(value) > 10_000:
            return [f"{where}: list longer than 10000"]
        return [p for i, item in enumerate(value)
                for p in _json_value_problems(item, f"{where}[{i}]", depth + 1)]
    if isinstance(value, dict):
        problems = [f"{where}: key {key!r} is not a string" for key in value
                    if not isinstance(key, str)]
        return problems + [p for key, item in value.items()
                           for p in _json_value_problems(item, f"{where}.{key}", depth + 1)]
    return [f"{where}: {type(value).__name__} is not JSON data"]


def validate_recording(
    recording: Any, source: str | None = None, device: str | None = None
) -> list[str]:
    """Everything wrong with a parsed recording; an empty list means it is valid."""
    if not isinstance(recording, dict):
        return ["a recording must be a JSON object"]
    problems: list[str] = []
    for key, kind in _REQUIRED_KEYS.items():
        if key not in recording:
            problems.append(f"missing key {key!r}")
        elif not isinstance(recording[key], kind) or isinstance(recording[key], bool):
            problems.append(f"{key!r} has the wrong type")
    for key, kind in _OPTIONAL_KEYS.items():
        if key in recording and not isinstance(recording[key], kind):
            problems.append(f"{key!r} has the wrong type")
    unknown = set(recording) - set(_REQUIRED_KEYS) - set(_OPTIONAL_KEYS)
    if unknown:
        problems.append(f"unknown keys {sorted(unknown)}")
    if problems:
        return problems

    if recording["schema"] != SCHEMA_VERSION:
        problems.append(f"schema is {recording['schema']}, expected {SCHEMA_VERSION}")
    if not _SOURCE.match(recording["source"]) or ".." in recording["source"]:
        problems.append("'source' is not a path under snippets/")
    elif source is not None and recording["source"] != source:
        problems.append(f"'source' is {recording['source']!r}, expected {source!r}")
    if not _HEX64.match(recording["source_sha256"]):
        problems.append("'source_sha256' is not 64 lowercase hex digits")
    for path, digest in recording["source_files"].items():
        if not (_SOURCE.match(path) or re.match(r"^bookkit/\w+\.py$", path)):
            problems.append(f"'source_files' names an unexpected file {path!r}")
        if not isinstance(digest, str) or not _HEX64.match(digest):
            problems.append(f"'source_files' digest of {path!r} is not 64 hex digits")

    kind = recording["device"].get("kind")
    name = recording["device"].get("name")
    if set(recording["device"]) != {"kind", "name"}:
        problems.append("'device' must have exactly 'kind' and 'name'")
    if kind not in DEVICES:
        problems.append(f"device kind {kind!r} is not one of {DEVICES}")
    elif device is not None and kind != device:
        problems.append(f"device kind is {kind!r}, expected {device!r}")
    if not isinstance(name, str) or not _SAFE_NAME.match(name):
        problems.append("device name is missing or has characters outside [A-Za-z0-9 ._,()@+/:-]")

    cpu = recording["cpu"]
    if not isinstance(cpu.get("model"), str) or not _SAFE_NAME.match(cpu["model"]):
        problems.append("'cpu.model' is missing or has unexpected characters")
    for key in ("logical_cores", "torch_threads"):
        if not isinstance(cpu.get(key), int) or isinstance(cpu.get(key), bool) or cpu[key] < 0:
            problems.append(f"'cpu.{key}' must be a non-negative integer")
    if set(cpu) - {"model", "logical_cores", "torch_threads"}:
        problems.append("'cpu' has unknown keys")

    for key in ("torch", "python"):
        if not _VERSION.match(recording[key]):
            problems.append(f"{key!r} does not look like a version")
    if not _SAFE_NAME.match(recording["platform"]):
        problems.append("'platform' has unexpected characters")

    cuda = recording.get("cuda")
    if kind == "cuda" and not isinstance(cuda, dict):
        problems.append("a CUDA recording needs a 'cuda' object")
    if isinstance(cuda, dict):
        allowed = {"runtime", "driver", "cudnn", "capability", "total_memory_bytes"}
        if set(cuda) - allowed:
            problems.append("'cuda' has unknown keys")
        for key in ("runtime", "driver", "cudnn", "capability"):
            value = cuda.get(key)
            if value is not None and (not isinstance(value, str) or not _VERSION.match(value)):
                problems.append(f"'cuda.{key}' must be a short version string or null")
        memory = cuda.get("total_memory_bytes")
        if memory is not None and (not isinstance(memory, int) or isinstance(memory, bool)):
            problems.append("'cuda.total_memory_bytes' must be an integer or null")

    try:
        recorded_at = dt.datetime.fromisoformat(recording["recorded_at"])
        if recorded_at.tzinfo is None:
            problems.append("'recorded_at' needs a time zone")
    except ValueError:
        problems.append("'recorded_at' is not an ISO 8601 date and time")
    duration = recording["duration_s"]
    if not math.isfinite(duration) or duration < 0:
        problems.append("'duration_s' must be a finite non-negative number")
    if len(recording["stdout"]) > 200_000:
        problems.append("'stdout' is longer than 200000 characters")
    if not recording["stdout"].strip():
        problems.append("'stdout' is empty: a recorded block must print something")
    problems += _json_value_problems(recording["data"], "data")
    return problems


def load_recording_file(path: Path) -> dict[str, Any]:
    """Parse one recording file as JSON data and validate it; raise ``ValueError`` if bad."""
    if path.stat().st_size > MAX_RECORDING_BYTES:
        raise ValueError(f"{path}: larger than {MAX_RECORDING_BYTES} bytes")

    def no_constants(name: str):
        raise ValueError(f"{path}: {name} is not allowed in a recording")

    try:
        recording = json.loads(path.read_text(encoding="utf-8"), parse_constant=no_constants)
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not valid JSON: {error}") from error
    problems = validate_recording(recording, device=path.stem)
    if problems:
        raise ValueError(f"{path}: invalid recording: " + "; ".join(problems))
    return recording


def load(snippet: str, device: str, root: Path | None = None) -> dict[str, Any] | None:
    """The validated recording of ``snippet`` on ``device``, or ``None`` if there is none."""
    path = recording_path(snippet, device, root)
    if not path.is_file():
        return None
    recording = load_recording_file(path)
    if recording["source"] != snippet:
        raise ValueError(f"{path}: records {recording['source']!r}, not {snippet!r}")
    return recording


def stale_files(recording: dict[str, Any], root: Path | None = None) -> list[str]:
    """Files whose content changed since ``recording`` was made; empty when it is fresh."""
    digest, per_file = code_digest(recording["source"], root)
    if digest == recording["source_sha256"]:
        return []
    old = recording["source_files"]
    changed = sorted(
        path for path in set(old) | set(per_file) if old.get(path) != per_file.get(path)
    )
    return changed or [recording["source"]]


def is_fresh(recording: dict[str, Any], root: Path | None = None) -> bool:
    return not stale_files(recording, root)


# ---------------------------------------------------------------------------------------------
# The check (make recordings-check) and validation of a folder of new recordings
# ---------------------------------------------------------------------------------------------


def check(root: Path | None = None) -> tuple[list[str], list[str]]:
    """(problems, notes) for every marked snippet and every recording file."""
    base = _root(root)
    problems: list[str] = []
    notes: list[str] = []
    snippets = recorded_snippets(base)
    if not snippets:
        notes.append("no recorded snippets (no file under snippets/ carries the marker)")
    for snippet in snippets:
        for device in DEVICES:
            path = recording_path(snippet, device, base)
            shown = path.relative_to(base).as_posix()
            if not path.is_file():
                if device in REQUIRED_DEVICES:
                    problems.append(f"{shown}: missing (run `make record DEVICE={device}`)")
                else:
                    notes.append(f"{shown}: not recorded (needs a {device} machine)")
                continue
            try:
                recording = load(snippet, device, base)
            except ValueError as error:
                problems.append(str(error))
                continue
            assert recording is not None
            changed = stale_files(recording, base)
            if changed:
                problems.append(
                    f"{shown}: stale, source_sha256 no longer matches (changed: "
                    f"{', '.join(changed)}); run `make record DEVICE={device}`"
                )
            else:
                notes.append(
                    f"{shown}: ok ({recording['device']['name']}, torch {recording['torch']}, "
                    f"{recording['recorded_at'][:10]})"
                )
    recordings_dir = base / "recordings"
    if recordings_dir.is_dir():
        expected = {recording_path(s, d, base) for s in snippets for d in DEVICES}
        for path in sorted(recordings_dir.rglob("*")):
            if path.is_file() and path not in expected:
                problems.append(
                    f"{path.relative_to(base).as_posix()}: no recorded snippet or device "
                    "belongs to this file"
                )
    return problems, notes


def validate_folder(
    folder: Path, root: Path | None = None, require: list[str] | None = None
) -> list[str]:
    """Problems with a folder laid out like ``recordings/`` (e.g. downloaded artifacts).

    Every file must be ``<snippet path>/<device>.json`` for a marked snippet, a valid
    recording of that snippet and device, and fresh against this checkout's code.
    """
    base = _root(root)
    folder = Path(folder)
    problems: list[str] = []
    snippets = set(recorded_snippets(base))
    found: dict[str, set[str]] = {}
    files = sorted(path for path in folder.rglob("*") if path.is_file())
    if not files:
        problems.append(f"{folder}: no recordings")
    for path in files:
        relative = path.relative_to(folder)
        snippet = f"snippets/{relative.parent.as_posix()}.py"
        if path.suffix != ".json" or path.stem not in DEVICES or snippet not in snippets:
            problems.append(f"{relative}: not <snippet path>/<device>.json of a recorded snippet")
            continue
        try:
            recording = load_recording_file(path)
        except ValueError as error:
            problems.append(str(error))
            continue
        if recording["source"] != snippet:
            problems.append(f"{relative}: records {recording['source']!r}, not {snippet!r}")
            continue
        changed = stale_files(recording, base)
        if changed:
            problems.append(f"{relative}: recorded from other code (changed: {changed})")
        found.setdefault(path.stem, set()).add(snippet)
    for device in require or []:
        missing = snippets - found.get(device, set())
        for snippet in sorted(missing):
            problems.append(f"{snippet}: no {device} recording in {folder}")
    return problems


# ---------------------------------------------------------------------------------------------
# Rendering: content tabs for a page
# ---------------------------------------------------------------------------------------------


def snippet_code(snippet: str, root: Path | None = None, keep_hidden: bool = False) -> str:
    """The snippet's code; for readers without the marker, section marks and hidden lines."""
    text = read_snippet(_root(root), snippet, Path(snippet), 1)  # section marks dropped
    lines = []
    for line in text.splitlines():
        if line.strip() == MARKER:
            continue
        if not keep_hidden and line.rstrip().endswith(_HIDE):
            continue
        lines.append(line)
    return "\n".join(lines).strip("\n") + "\n"


def _fence(text: str, lang: str, extra: str = "") -> list[str]:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    mark = "`" * max(3, longest + 1)
    return [f"{mark}{lang}{extra}", *text.rstrip("\n").splitlines(), mark]


def _indent(lines: list[str], spaces: int = 4) -> list[str]:
    return [(" " * spaces + line) if line.strip() else "" for line in lines]


def provenance(recording: dict[str, Any]) -> str:
    """One line saying where a recording was made: device, torch, date and more."""
    parts = [
        f"{recording['device']['name']}",
        f"torch {recording['torch']}",
        f"Python {recording['python']}",
    ]
    cuda = recording.get("cuda")
    if cuda:
        if cuda.get("runtime"):
            parts.append(f"CUDA {cuda['runtime']}")
        if cuda.get("driver"):
            parts.append(f"드라이버 {cuda['driver']}")
    parts.append(f"CPU 스레드 {recording['cpu']['torch_threads']}")
    parts.append(f"{recording['recorded_at'][:10]} 기록")
    parts.append(f"실행 {recording['duration_s']:.1f}초")
    return " · ".join(parts)


def _tab_title(device: str, recording: dict[str, Any] | None) -> str:
    label = DEVICE_LABELS[device]
    if recording is None:
        return label
    return f"{label} · {recording['device']['name']}"


def _not_recorded(device: str) -> list[str]:
    return [
        '!!! note "아직 기록되지 않음"',
        "",
        f"    이 블록은 아직 {DEVICE_LABELS[device]}에서 실행해 기록한 적이 없습니다.",
        "    출력은 손으로 적어 넣지 않으므로 이 탭은 비어 있습니다. 그 장치가 있는 기계에서",
        f"    `make record DEVICE={device}`를 실행하면 채워집니다.",
    ]


def _stale_warning(device: str, changed: list[str]) -> list[str]:
    files = ", ".join(f"`{path}`" for path in changed)
    return [
        '!!! warning "오래된 기록"',
        "",
        "    아래 출력은 코드가 바뀌기 전에 기록되었습니다. 지금의 코드가 내는 출력과 다를 수",
        f"    있습니다. 바뀐 파일: {files}. `make record DEVICE={device}`로 다시 기록해야 합니다.",
    ]


def render_tabs(snippet: str, live_cpu: bool = True, root: Path | None = None) -> str:
    """Markdown: the snippet's code, then one content tab per device with its output."""
    import torch

    base = _root(root)
    lines = [*_fence(snippet_code(snippet, base), "python", f' title="{Path(snippet).name}"'), ""]
    for device in DEVICES:
        recording = load(snippet, device, base)
        body: list[str] = []
        if device == "cpu" and live_cpu:
            started = time.perf_counter()
            output = run_snippet(snippet, "cpu", base)
            seconds = time.perf_counter() - started
            title = f"{DEVICE_LABELS['cpu']} · {cpu_model()}"
            today = dt.datetime.now(dt.UTC).date().isoformat()
            body += [
                f"*이 빌드에서 실행 · {cpu_model()} · torch {torch.__version__} · "
                f"Python {platform.python_version()} · CPU 스레드 {torch.get_num_threads()} · "
                f"{today} · 실행 {seconds:.1f}초*",
                "",
                *_fence(output["stdout"], "text"),
            ]
        elif recording is None:
            title = _tab_title(device, None)
            body += _not_recorded(device)
        else:
            title = _tab_title(device, recording)
            changed = stale_files(recording, base)
            if changed:
                title += " (오래된 기록)"
                body += [*_stale_warning(device, changed), ""]
            body += [f"*{provenance(recording)}*", "", *_fence(recording["stdout"], "text")]
        lines += [f'=== "{title}"', "", *_indent(body), ""]
    return "\n".join(lines)


def show_recorded(snippet: str, live_cpu: bool = True, root: Path | None = None) -> None:
    """Print :func:`render_tabs` for an executed block whose output is Markdown (no result=)."""
    print(render_tabs(snippet, live_cpu=live_cpu, root=root))


# ---------------------------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bookkit.recordings", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--root", type=Path, default=None, help="project root (default: this one)")
    commands = parser.add_subparsers(dest="command", required=True)
    record_cmd = commands.add_parser("record", help="record every marked snippet on a device")
    record_cmd.add_argument("--device", choices=DEVICES, default="cpu")
    record_cmd.add_argument("--out", type=Path, default=None,
                            help="write under this folder instead of recordings/")
    record_cmd.add_argument("snippets", nargs="*", help="only these snippets")
    commands.add_parser("check", help="fail on missing, invalid or stale recordings")
    validate_cmd = commands.add_parser("validate", help="validate a folder of recordings as data")
    validate_cmd.add_argument("folder", type=Path)
    validate_cmd.add_argument("--require", action="append", choices=DEVICES, default=[],
                              help="every recorded snippet must have this device")
    args = parser.parse_args(argv)

    if args.command == "record":
        written = record_all(args.device, args.root, args.out, args.snippets or None)
        print(f"{len(written)} recording(s) written for {args.device}")
        return 0
    if args.command == "check":
        problems, notes = check(args.root)
        for note in notes:
            print(note)
        for problem in problems:
            print(f"error: {problem}", file=sys.stderr)
        print(f"recordings check: {len(problems)} problem(s)")
        return 1 if problems else 0
    problems = validate_folder(args.folder, args.root, args.require)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    print(f"recordings validate {args.folder}: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
