"""Record snippets on a device: the build's runner, pointed at that device.

Each snippet runs as a unit of one block in a worker (:mod:`bookkit.exec.runner`) whose
``BOOK_DEVICE`` names the device; :func:`bookkit.device.recording_device` reads it. Snippets run
one after another, never side by side, so timings do not compete for the machine.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from bookkit.exec.engine import Engine
from bookkit.exec.fingerprint import public_version
from bookkit.exec.runner import JobResult, run_jobs
from bookkit.exec.tracking import file_digest
from bookkit.exec.units import Block, Unit
from bookkit.recordings import DATA_VARIABLE, MARKER
from bookkit.recordings.store import (
    SCHEMA,
    recorded_snippets,
    recording_path,
    snippet_code,
    validate,
    write,
)


class RecordingError(RuntimeError):
    """A snippet failed on the device, or its recording would be invalid."""


def snippet_unit(snippet: str, root: Path) -> Unit:
    code = snippet_code(snippet, root, keep_hidden=True)
    return Unit("blocks", snippet, None, (Block(snippet, "recorded", 1, code, {}),))


def recording_from(snippet: str, device: str, root: Path, result: JobResult) -> dict[str, Any]:
    """The recording of one run; :class:`RecordingError` if it failed or is not plain data."""
    if result.failure is not None:
        failure = result.failure
        raise RecordingError(
            f"{snippet} on {device}: {failure.type}: {failure.message}\n{failure.traceback}"
        )
    machine = result.machine
    if machine["device"]["kind"] != device:
        raise RecordingError(f"{snippet}: asked for {device}, ran on {machine['device']['kind']}")
    data = json.loads(json.dumps(result.collected.get(DATA_VARIABLE, {})))
    recording = {
        "schema": SCHEMA,
        "source": snippet,
        "key": {
            "snippet_sha256": file_digest(root / snippet),
            "inputs": result.inputs,
            "torch": public_version(machine["torch"]),
            "device": device,
        },
        "device": machine["device"],
        "provenance": {
            "torch": machine["torch"],
            "python": machine["python"],
            "platform": machine["platform"],
            "cpu": machine["cpu"],
            "cuda": machine["cuda"],
            "recorded_at": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat(),
            "duration_s": round(result.seconds, 3),
        },
        "stdout": result.outputs[0],
        "data": data,
    }
    problems = validate(recording, source=snippet, device=device)
    if problems:
        raise RecordingError(f"{snippet}: the new recording is invalid: {problems}")
    return recording


def chosen_snippets(root: Path, only: list[str]) -> list[str]:
    """``only`` as root-relative snippet paths; :class:`RecordingError` naming any that is
    missing or carries no ``# bookkit: recorded`` marker (its recording would be an orphan)."""
    marked = set(recorded_snippets(root))
    chosen: list[str] = []
    problems: list[str] = []
    for name in only:
        path = Path(name) if Path(name).is_absolute() else root / name
        try:
            snippet = path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            problems.append(f"{name}: not inside the project {root}")
            continue
        if not path.is_file():
            problems.append(f"{name}: no such snippet file")
        elif snippet not in marked:
            problems.append(f"{name}: not a recorded snippet (its first lines lack "
                            f"{MARKER!r})")
        else:
            chosen.append(snippet)
    if problems:
        raise RecordingError("nothing recorded:\n  " + "\n  ".join(problems))
    return chosen


def record_all(
    device: str, root: Path, out: Path | None = None, only: list[str] | None = None
) -> list[Path]:
    """Record every marked snippet (or ``only`` these) on ``device``; the files written."""
    snippets = chosen_snippets(root, only) if only else recorded_snippets(root)
    engine = Engine(root, device=device)
    written: list[Path] = []
    for snippet in snippets:
        print(f"recording {snippet} on {device} ...", flush=True)
        job = engine.job(snippet_unit(snippet, root), collect=(DATA_VARIABLE,))
        [result] = run_jobs([job], engine.settings, parallel=1)
        recording = recording_from(snippet, device, root, result)
        path = recording_path(snippet, device, root)
        if out is not None:
            path = Path(out) / path.relative_to(root / "recordings")
        write(recording, path)
        print(f"  wrote {path} ({recording['provenance']['duration_s']} s)", flush=True)
        written.append(path)
    return written
