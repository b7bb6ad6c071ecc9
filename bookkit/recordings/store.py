"""Recording files: where they live, how they are read and validated, whether they are fresh.

A recording (schema 2)::

    {"schema": 2, "source": "snippets/first-steps/timing_matmul.py",
     "key": {"snippet_sha256": "...", "inputs": {"bookkit/device.py": "..."},
             "torch": "2.13.0", "device": "cpu"},
     "device": {"kind": "cpu", "name": "Intel(R) Xeon(R) Processor"},
     "provenance": {"torch": "2.13.0+cpu", "python": "3.11.7", "platform": "...",
                    "cpu": {"model": "...", "logical_cores": 2, "torch_threads": 2},
                    "cuda": null, "recorded_at": "2026-11-30T04:12:02+00:00", "duration_s": 61.2},
     "stdout": "...", "data": {...}}

Recordings are data: parsed with :mod:`json` and checked field by field here; nothing in them
is ever executed. The check is written out rather than left to a schema library because it runs
where only the standard library is: in the workflow job that validates downloaded recordings
next to a write token (no third-party code runs there), and on the GPU machine.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bookkit.exec.fingerprint import package_version, public_version
from bookkit.exec.tracking import file_digest
from bookkit.fences import read_snippet
from bookkit.recordings import MARKER, MEASUREMENT_MARKER
from bookkit.settings import DEVICES

SCHEMA = 2
MAX_BYTES = 1_000_000
MAX_STDOUT = 200_000
_HIDE = "# markdown-exec: hide"
_SAFE_NAME = re.compile(r"^[A-Za-z0-9 ._,()@+/:-]{1,120}$")
_VERSION = re.compile(r"^[0-9A-Za-z.+_-]{1,40}$")
_SOURCE = re.compile(r"^snippets/[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*\.py$")
_INPUT = re.compile(r"^(bookkit|labs|snippets)/[A-Za-z0-9_./-]+\.(py|json)$")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


# --- which snippets are recorded, and where -----------------------------------------------


def is_recorded_snippet(path: Path) -> bool:
    """A snippet is recorded when one of its first lines is exactly the marker."""
    try:
        head = path.read_text(encoding="utf-8").splitlines()[:5]
    except (OSError, UnicodeDecodeError):
        return False
    return any(line.strip() == MARKER for line in head)


def recorded_snippets(root: Path) -> list[str]:
    """Root-relative paths of every marked snippet, sorted."""
    return sorted(
        path.relative_to(root).as_posix()
        for path in (root / "snippets").rglob("*.py")
        if is_recorded_snippet(path)
    )


def project_root() -> Path:
    """The project a block runs for. Blocks run in a scratch folder whose top-level entries
    link to the project's, so the root is where ``snippets`` really lives."""
    return (Path.cwd() / "snippets").resolve().parent


def recording_path(snippet: str, device: str, root: Path) -> Path:
    """``recordings/<snippet path under snippets/, without .py>/<device>.json``."""
    relative = Path(snippet).relative_to("snippets").with_suffix("")
    return root / "recordings" / relative / f"{device}.json"


def snippet_code(snippet: str, root: Path, keep_hidden: bool = False) -> str:
    """The snippet's code; for readers without the marker, section marks and hidden lines."""
    text = read_snippet(root, snippet, Path(snippet), 1)  # section marks dropped
    lines = [
        line for line in text.splitlines()
        if line.strip() not in (MARKER, MEASUREMENT_MARKER)
        and (keep_hidden or not line.rstrip().endswith(_HIDE))
    ]
    return "\n".join(lines).strip("\n") + "\n"


# --- validation: recordings are data, never code ------------------------------------------


def _plain_data_problems(value: Any, where: str, depth: int = 0) -> list[str]:
    """Problems if ``value`` is not plain JSON data (finite numbers, short strings, shallow)."""
    if depth > 8:
        return [f"{where}: nested too deeply"]
    if value is None or isinstance(value, bool | int):
        return []
    if isinstance(value, float):
        return [] if math.isfinite(value) else [f"{where}: number is not finite"]
    if isinstance(value, str):
        return [] if len(value) <= 10_000 else [f"{where}: string longer than 10000"]
    if isinstance(value, list):
        if len(value) > 10_000:
            return [f"{where}: list longer than 10000"]
        return [p for i, item in enumerate(value)
                for p in _plain_data_problems(item, f"{where}[{i}]", depth + 1)]
    if isinstance(value, dict):
        problems = [f"{where}: key {k!r} is not a string" for k in value if not isinstance(k, str)]
        return problems + [p for k, item in value.items()
                           for p in _plain_data_problems(item, f"{where}.{k}", depth + 1)]
    return [f"{where}: {type(value).__name__} is not JSON data"]


def _expect(value: Any, kind: type | tuple, where: str, problems: list[str]) -> bool:
    ok = isinstance(value, kind) and not (isinstance(value, bool) and kind is not bool)
    if not ok:
        problems.append(f"{where!r} is missing or has the wrong type")
    return ok


def _expect_keys(value: dict, allowed: set[str], where: str, problems: list[str]) -> None:
    if set(value) - allowed:
        problems.append(f"{where!r} has unknown keys {sorted(set(value) - allowed)}")


def _match(pattern: re.Pattern, value: Any, where: str, problems: list[str]) -> None:
    if not isinstance(value, str) or not pattern.match(value):
        problems.append(f"{where!r} has an unexpected value")


def validate(
    recording: Any, source: str | None = None, device: str | None = None
) -> list[str]:
    """Everything wrong with a parsed recording; an empty list means it is valid."""
    problems: list[str] = []
    if not _expect(recording, dict, "recording", problems):
        return problems
    _expect_keys(recording, {"schema", "source", "key", "device", "provenance", "stdout", "data"},
                 "recording", problems)
    if recording.get("schema") != SCHEMA:
        problems.append(f"'schema' must be {SCHEMA}")
    _validate_source(recording.get("source"), source, problems)
    key = recording.get("key")
    if _expect(key, dict, "key", problems):
        _validate_key(key, problems)
    where = recording.get("device")
    if _expect(where, dict, "device", problems):
        _validate_device(where, key, device, problems)
    provenance = recording.get("provenance")
    if _expect(provenance, dict, "provenance", problems):
        _validate_provenance(provenance, where.get("kind") if isinstance(where, dict) else None,
                             problems)
    stdout = recording.get("stdout")
    if _expect(stdout, str, "stdout", problems):
        if len(stdout) > MAX_STDOUT:
            problems.append(f"'stdout' is longer than {MAX_STDOUT} characters")
        if not stdout.strip():
            problems.append("'stdout' is empty: a recorded block must print something")
    if _expect(recording.get("data"), dict, "data", problems):
        problems += _plain_data_problems(recording["data"], "data")
    return problems


def _validate_source(path: Any, source: str | None, problems: list[str]) -> None:
    """The snippet path the recording names: under snippets/, the one expected."""
    _match(_SOURCE, path, "source", problems)
    if isinstance(path, str) and ".." in path:
        problems.append("'source' climbs out of snippets/")
    if source is not None and path != source:
        problems.append(f"'source' is {path!r}, expected {source!r}")


def _validate_key(key: dict, problems: list[str]) -> None:
    _expect_keys(key, {"snippet_sha256", "inputs", "torch", "device"}, "key", problems)
    _match(_HEX64, key.get("snippet_sha256"), "key.snippet_sha256", problems)
    _match(_VERSION, key.get("torch"), "key.torch", problems)
    if key.get("device") not in DEVICES:
        problems.append(f"'key.device' must be one of {DEVICES}")
    if _expect(key.get("inputs"), dict, "key.inputs", problems):
        for name, value in key["inputs"].items():
            _match(_INPUT, name, f"key.inputs[{name!r}]", problems)
            if ".." in name:
                problems.append(f"'key.inputs' names a path outside the project: {name!r}")
            if value is not None:
                _match(_HEX64, value, f"key.inputs[{name!r}]", problems)


def _validate_device(where: dict, key: Any, device: str | None, problems: list[str]) -> None:
    """The device the recording was made on: a known kind, the one expected, the key's."""
    _expect_keys(where, {"kind", "name"}, "device", problems)
    if where.get("kind") not in DEVICES:
        problems.append(f"'device.kind' must be one of {DEVICES}")
    elif device is not None and where["kind"] != device:
        problems.append(f"'device.kind' is {where['kind']!r}, expected {device!r}")
    elif isinstance(key, dict) and key.get("device") != where["kind"]:
        problems.append("'key.device' and 'device.kind' differ")
    _match(_SAFE_NAME, where.get("name"), "device.name", problems)


def _validate_provenance(provenance: dict, kind: str | None, problems: list[str]) -> None:
    _expect_keys(provenance, {"torch", "python", "platform", "cpu", "cuda", "recorded_at",
                              "duration_s"}, "provenance", problems)
    for name in ("torch", "python"):
        _match(_VERSION, provenance.get(name), f"provenance.{name}", problems)
    _match(_SAFE_NAME, provenance.get("platform"), "provenance.platform", problems)
    cpu = provenance.get("cpu")
    if _expect(cpu, dict, "provenance.cpu", problems):
        _expect_keys(cpu, {"model", "logical_cores", "torch_threads"}, "provenance.cpu", problems)
        _match(_SAFE_NAME, cpu.get("model"), "provenance.cpu.model", problems)
        for name in ("logical_cores", "torch_threads"):
            value = cpu.get(name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                problems.append(f"'provenance.cpu.{name}' must be a non-negative integer")
    cuda = provenance.get("cuda")
    if kind == "cuda" and not isinstance(cuda, dict):
        problems.append("a CUDA recording needs a 'provenance.cuda' object")
    if cuda is not None and _expect(cuda, dict, "provenance.cuda", problems):
        _expect_keys(cuda, {"runtime", "driver", "cudnn", "capability", "total_memory_bytes"},
                     "provenance.cuda", problems)
        for name in ("runtime", "driver", "cudnn", "capability"):
            if cuda.get(name) is not None:
                _match(_VERSION, cuda[name], f"provenance.cuda.{name}", problems)
        memory = cuda.get("total_memory_bytes")
        if memory is not None and (not isinstance(memory, int) or isinstance(memory, bool)):
            problems.append("'provenance.cuda.total_memory_bytes' must be an integer or null")
    try:
        when = dt.datetime.fromisoformat(provenance.get("recorded_at", ""))
        if when.tzinfo is None:
            problems.append("'provenance.recorded_at' needs a time zone")
    except (TypeError, ValueError):
        problems.append("'provenance.recorded_at' is not an ISO 8601 date and time")
    duration = provenance.get("duration_s")
    if not isinstance(duration, int | float) or isinstance(duration, bool) or not (
        math.isfinite(duration) and duration >= 0
    ):
        problems.append("'provenance.duration_s' must be a finite non-negative number")


# --- reading and writing ---------------------------------------------------------------------


def parse(path: Path, text: str) -> dict[str, Any]:
    """Parse and validate one recording's text; ``ValueError`` names the file and problems."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise ValueError(f"{path}: larger than {MAX_BYTES} bytes")

    def no_constants(name: str):
        raise ValueError(f"{path}: {name} is not allowed in a recording")

    try:
        recording = json.loads(text, parse_constant=no_constants)
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not valid JSON: {error}") from error
    problems = validate(recording, device=path.stem)
    if problems:
        raise ValueError(f"{path}: invalid recording: " + "; ".join(problems))
    return recording


def load_file(path: Path) -> dict[str, Any]:
    return parse(path, path.read_text(encoding="utf-8"))


def load(snippet: str, device: str, root: Path | None = None) -> dict[str, Any] | None:
    """The validated recording of ``snippet`` on ``device``, or ``None`` if there is none.

    ``root`` is the project root, by default :func:`project_root`.

    The file is opened, not tested for existence first: a page that renders a missing
    recording then depends on its absence (:mod:`bookkit.exec.tracking`) and is rebuilt once the
    recording arrives.
    """
    path = recording_path(snippet, device, project_root() if root is None else root)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    recording = parse(path, text)
    if recording["source"] != snippet:
        raise ValueError(f"{path}: records {recording['source']!r}, not {snippet!r}")
    return recording


def write(recording: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(recording, ensure_ascii=False, indent=2, allow_nan=False) + "\n"
    path.write_text(text, encoding="utf-8")


# --- freshness ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Freshness:
    changed: list[str]  # the snippet or its inputs, where they differ from the recording's key
    recorded_torch: str  # the torch release the recording was made with
    current_torch: str | None  # the torch release installed here (None: no torch here)

    @property
    def code_fresh(self) -> bool:
        return not self.changed

    @property
    def torch_matches(self) -> bool:
        return self.current_torch is None or self.current_torch == self.recorded_torch


def freshness(recording: dict[str, Any], root: Path) -> Freshness:
    key = recording["key"]
    changed = []
    if file_digest(root / recording["source"]) != key["snippet_sha256"]:
        changed.append(recording["source"])
    changed += sorted(p for p, d in key["inputs"].items() if file_digest(root / p) != d)
    return Freshness(changed, key["torch"], public_version(package_version("torch")))


def is_fresh(recording: dict[str, Any], root: Path | None = None) -> bool:
    """The recording was made from the code the snippet and its inputs hold now."""
    return freshness(recording, project_root() if root is None else root).code_fresh
