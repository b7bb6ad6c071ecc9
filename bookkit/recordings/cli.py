"""Command line: ``python -m bookkit.recordings {record,check,validate}``.

``check`` fails on a missing, invalid or orphaned recording, on a CPU recording made from other
code or with another torch release (it can be redone on any machine), and reports the rest:
a missing CUDA recording, a CUDA recording whose torch release differs (the GPU machine has
its own), and, as a warning, a CUDA recording made from other code (only a GPU can redo it;
the page shows it with a visible warning meanwhile).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bookkit.recordings import REQUIRED_DEVICES
from bookkit.recordings.store import (
    freshness,
    load,
    load_file,
    recorded_snippets,
    recording_path,
)
from bookkit.settings import DEVICES

RECORD_COMMAND = "python3 scripts/dev.py record --device {device}"


def check(root: Path) -> tuple[list[str], list[str], list[str]]:
    """(problems, warnings, notes) for every marked snippet and every recording file."""
    problems: list[str] = []
    warnings: list[str] = []
    notes: list[str] = []
    snippets = recorded_snippets(root)
    if not snippets:
        notes.append("no recorded snippets (no file under snippets/ carries the marker)")
    for snippet in snippets:
        for device in DEVICES:
            _check_recording(snippet, device, root, (problems, warnings, notes))
    expected = {recording_path(s, d, root) for s in snippets for d in DEVICES}
    for path in sorted((root / "recordings").rglob("*")) if (root / "recordings").is_dir() else []:
        if path.is_file() and path not in expected:
            problems.append(f"{path.relative_to(root).as_posix()}: no recorded snippet or device "
                            "belongs to this file")
    return problems, warnings, notes


def _check_recording(snippet: str, device: str, root: Path,
                     found: tuple[list[str], list[str], list[str]]) -> None:
    """Add what is wrong with (or what to know of) one snippet's recording on one device to
    ``found`` (problems, warnings, notes); a missing CUDA one is only a note."""
    problems, warnings, notes = found
    shown = recording_path(snippet, device, root).relative_to(root).as_posix()
    redo = RECORD_COMMAND.format(device=device)
    required = device in REQUIRED_DEVICES
    try:
        recording = load(snippet, device, root)
    except ValueError as error:
        problems.append(str(error))
        return
    if recording is None:
        if required:
            problems.append(f"{shown}: missing (run `{redo}`)")
        else:
            notes.append(f"{shown}: not recorded (needs a {device} machine)")
        return
    state = freshness(recording, root)
    if not state.code_fresh:
        message = f"{shown}: recorded from other code (changed: {', '.join(state.changed)})"
        (problems if required else warnings).append(f"{message}; run `{redo}`")
    if not state.torch_matches:
        message = (f"{shown}: recorded with torch {state.recorded_torch}, "
                   f"this environment has {state.current_torch}")
        if required:
            problems.append(f"{message}; run `{redo}`")
        else:
            notes.append(f"{message} (the page names the recording's version)")
    if state.code_fresh and state.torch_matches:
        made = recording["provenance"]
        notes.append(f"{shown}: ok ({recording['device']['name']}, torch {made['torch']}, "
                     f"{made['recorded_at'][:10]})")


def validate_folder(folder: Path, root: Path, require: list[str] | None = None) -> list[str]:
    """Problems with a folder laid out like ``recordings/`` (e.g. downloaded artifacts).

    Every file must be ``<snippet path>/<device>.json`` of a marked snippet, a valid recording
    of that snippet and device, made from this checkout's code.
    """
    problems: list[str] = []
    snippets = set(recorded_snippets(root))
    found: dict[str, set[str]] = {}
    files = sorted(path for path in Path(folder).rglob("*") if path.is_file())
    if not files:
        problems.append(f"{folder}: no recordings")
    for path in files:
        relative = path.relative_to(folder)
        snippet = f"snippets/{relative.parent.as_posix()}.py"
        if path.suffix != ".json" or path.stem not in DEVICES or snippet not in snippets:
            problems.append(f"{relative}: not <snippet path>/<device>.json of a recorded snippet")
            continue
        try:
            recording = load_file(path)
        except ValueError as error:
            problems.append(str(error))
            continue
        if recording["source"] != snippet:
            problems.append(f"{relative}: records {recording['source']!r}, not {snippet!r}")
            continue
        state = freshness(recording, root)
        if not state.code_fresh:
            problems.append(f"{relative}: recorded from other code (changed: {state.changed})")
        found.setdefault(path.stem, set()).add(snippet)
    for device in require or []:
        for snippet in sorted(snippets - found.get(device, set())):
            problems.append(f"{snippet}: no {device} recording in {folder}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bookkit.recordings",
                                     description="Device recordings: record, check, validate.")
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="project root")
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
    root = args.root.resolve()

    if args.command == "record":
        from bookkit.recordings.record import RecordingError, record_all

        try:
            written = record_all(args.device, root, args.out, args.snippets or None)
        except RecordingError as error:  # names the snippet; a failure carries its traceback
            print(f"error: {error}", file=sys.stderr)
            return 1
        print(f"{len(written)} recording(s) written for {args.device}")
        return 0
    if args.command == "check":
        problems, warnings, notes = check(root)
        for note in notes:
            print(note)
        for warning in warnings:
            print(f"warning: {warning}")
        for problem in problems:
            print(f"error: {problem}", file=sys.stderr)
        print(f"recordings check: {len(problems)} problem(s), {len(warnings)} warning(s)")
        return 1 if problems else 0
    problems = validate_folder(args.folder, root, args.require)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    print(f"recordings validate {args.folder}: {len(problems)} problem(s)")
    return 1 if problems else 0
