"""The output manifest every build writes: what each executed block printed, in one file.

``.cache/bookkit/manifest.json`` (the ``manifest`` setting, ``BOOK_MANIFEST``, puts it elsewhere)::

    {"schema": 1,
     "blocks": [{"page": "docs/tensors/index.md", "block": "shapes",
                 "unit": "docs/tensors/index.md:tensors", "key": "<unit key>",
                 "sha256": "<of the text>", "text": "what the block printed",
                 "volatile": false}, ...],
     "recordings": [{"snippet": "snippets/first-steps/timing_matmul.py", "device": "cuda",
                     "sha256": "...", "text": "...", "volatile": true}, ...]}

A block is *volatile* when its page declares it a measurement (front matter
``measurements: [block-id, ...]``): its output changes from run to run without any change to
the code, so a review summarises it instead of diffing it. A recording is volatile when its
snippet carries ``# bookkit: measurement`` next to ``# bookkit: recorded``. Notebook cells are
entries too; their rich outputs (images) appear as a line naming the type and a digest.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from bookkit.files import write_atomically
from bookkit.recordings import MEASUREMENT_MARKER
from bookkit.recordings.store import recorded_snippets, recording_path
from bookkit.settings import DEVICES

SCHEMA = 1


def output_text(output: Any) -> str:
    """A block's output as text: printed text as is, notebook outputs flattened."""
    if isinstance(output, str):
        return output
    parts: list[str] = []
    for item in output:
        if item.get("output_type") == "stream":
            parts.append("".join(item.get("text", "")))
            continue
        data = item.get("data", {})
        if "text/plain" in data:
            parts.append("".join(data["text/plain"]) + "\n")
        for kind in sorted(set(data) - {"text/plain"}):
            raw = json.dumps(data[kind], sort_keys=True).encode()
            parts.append(f"[{kind} {hashlib.sha256(raw).hexdigest()[:12]}]\n")
    return "".join(parts)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def is_measurement_snippet(path: Path) -> bool:
    try:
        head = path.read_text(encoding="utf-8").splitlines()[:5]
    except OSError:
        return False
    return any(line.strip() == MEASUREMENT_MARKER for line in head)


def recording_entries(root: Path) -> list[dict[str, Any]]:
    """One entry per committed recording, labelled by its device."""
    from bookkit.recordings.store import load_file

    entries = []
    for snippet in recorded_snippets(root):
        for device in DEVICES:
            path = recording_path(snippet, device, root)
            if not path.is_file():
                continue
            text = load_file(path)["stdout"]
            entries.append({
                "snippet": snippet, "device": device, "sha256": digest(text), "text": text,
                "volatile": is_measurement_snippet(root / snippet),
            })
    return entries


def build_manifest(outcomes: list, measurements: dict[str, set[str]], root: Path) -> dict:
    """The manifest of a build from its outcomes (:class:`bookkit.exec.engine.Outcome`)."""
    blocks = []
    for outcome in outcomes:
        page = outcome.unit.page
        for block in outcome.unit.blocks:
            text = output_text(outcome.outputs.get(block.id, ""))
            blocks.append({
                "page": page, "block": block.id, "unit": outcome.unit.name, "key": outcome.key,
                "sha256": digest(text), "text": text,
                "volatile": block.id in measurements.get(page, set()),
            })
    blocks.sort(key=lambda entry: (entry["page"], entry["block"]))
    return {"schema": SCHEMA, "blocks": blocks, "recordings": recording_entries(root)}


def write_manifest(manifest: dict, path: Path) -> None:
    write_atomically(path, (json.dumps(manifest, ensure_ascii=False, indent=1) + "\n").encode())


def read_manifest(path: Path) -> dict:
    manifest = json.loads(path.read_text(encoding="utf-8"))
    if manifest.get("schema") != SCHEMA:
        raise ValueError(f"{path}: not an output manifest of schema {SCHEMA}")
    return manifest
