"""What another torch release changes in the book: every block run on it, compared block by block.

    python3 scripts/dev.py drift --torch 2.15.0 [--torch PATH.whl ...] [--out FOLDER]
    python3 scripts/dev.py drift --torch latest --pre --index-url URL   # a nightly, say
    python3 scripts/dev.py drift --baseline 2.13.0 --torch 2.15.0      # old pin -> new pin

For each ``--torch`` (a version on the package index, or a wheel file) an environment of its
own is made once under ``.cache/bookkit/drift/`` (the build's lock, ``requirements.lock``, and
that torch), and every unit of the book is executed there (:func:`run_book`: the engine, with
this checkout's store: the key holds the torch version, so each release's entries sit beside
the others and a second report reuses them). The pinned environment (``.venv``) is the
baseline, or ``--baseline`` names another release. The report, Markdown and JSON
(``drift.md``, ``drift.json`` in ``--out``), has per block:

- **failed**: the block fails on the release, with the failure (a hidden ``assert`` that no
  longer holds, a new error) and the prose around the block, so the reader sees which claim
  broke;
- **warnings**: warning and log lines the release adds or removes, deprecations first;
- **errors**: error lines (``SomeError: ...``) that changed;
- **changed**: the output's diff once provenance (the torch version), addresses (``0x...``),
  line numbers in warning locations (``file.cpp:122``) and declared measurements are set aside;

and a summary per page. The exit status is 1 only when a block fails on some release.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import re
import subprocess
import sys
import venv
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DRIFT = Path(".cache") / "bookkit" / "drift"
_WARNING = re.compile(r"^\s*(?P<category>[A-Z]\w*Warning): (?P<message>.*)$")
# glog-style lines torch's C++ and Python logging print: W1202 12:00:00.123 4567 file.py:183]
_LOG = re.compile(r"^[IWEF]\d{4} \d\d:\d\d:\d\d(?:\.\d+)?\s+\d+\s+\S+:\d+\]")
_ERROR = re.compile(r"^\s*(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception): ")
_ADDRESS = re.compile(r"0x[0-9a-fA-F]{4,}")
_LOCAL_LABEL = re.compile(r"<torch>\+[\w.]+")
_LOCATION = re.compile(r"(\w[\w./-]*\.(?:py|cpp|cc|h|hpp|cu)):\d+")
_LOG_STAMP = re.compile(r"^([IWEF])\d{4} \d\d:\d\d:\d\d(?:\.\d+)?\s+\d+\s+")
DEPRECATIONS = ("DeprecationWarning", "FutureWarning", "PendingDeprecationWarning")


# --- running the book on one torch ---------------------------------------------------------
def run_book(root: Path, out: Path) -> None:
    """Execute every unit of the book at ``root`` here; write each block's output or failure."""
    from importlib.metadata import version

    from bookkit.exec.engine import Engine, book_units
    from bookkit.manifest import output_text

    engine = Engine(root)
    units = book_units(root)
    outcomes = engine.run(units)
    blocks = {}
    for unit in units:
        outcome = outcomes[unit.name]
        for block in unit.blocks:
            entry: dict[str, Any] = {"page": block.page, "block": block.id, "line": block.line}
            if block.id in outcome.outputs:
                entry["text"] = output_text(outcome.outputs[block.id])
            elif outcome.failure is not None and outcome.failure.block_id == block.id:
                entry["failure"] = {"type": outcome.failure.type,
                                    "message": outcome.failure.message,
                                    "traceback": outcome.failure.traceback[-3000:]}
            else:
                entry["skipped"] = "an earlier block of its session failed"
            blocks[f"{block.page}#{block.id}"] = entry
    out.write_text(json.dumps({"torch": version("torch"), "summary": engine.summary(),
                               "blocks": blocks}, ensure_ascii=False, indent=1),
                   encoding="utf-8")


# --- an environment per release ------------------------------------------------------------
def environment_for(root: Path, spec: str, index_url: str | None = None, pre: bool = False
                    ) -> Path:
    """The Python of an environment with the build's lock and the torch ``spec`` (a version,
    a wheel path, or ``latest``: the newest on the index; ``pre`` admits release candidates
    and nightlies), from ``index_url`` if given, made once."""
    wheel = Path(spec).expanduser()
    if wheel.suffix == ".whl":
        name, requirement = wheel.name, str(wheel.resolve())
    else:
        name, requirement = f"torch-{spec}", "torch" if spec == "latest" else f"torch=={spec}"
    options = [*(["--pre"] if pre else []), *(["--index-url", index_url] if index_url else [])]
    lock = root / "requirements.lock"
    stamp = hashlib.sha256(lock.read_bytes() + " ".join([requirement, *options]).encode()
                           ).hexdigest()[:16]
    folder = root / DRIFT / (name + ("-" + stamp[:8] if options else ""))
    python = folder / "bin" / "python"
    if spec == "latest" or not (folder / f".installed-{stamp}").exists():
        print(f"drift: making the environment for {requirement} {' '.join(options)} in "
              f"{folder} (the first time downloads torch)", flush=True)
        venv.create(folder, with_pip=True, clear=True)
        for args in (["--require-hashes", "--no-deps", "-r", str(lock)], [*options, requirement]):
            subprocess.run([str(python), "-m", "pip", "install", "--quiet", *args], check=True)
        (folder / f".installed-{stamp}").touch()
    return python


def run_in(python: Path, root: Path, out: Path) -> dict:
    from bookkit.settings import child_environment

    env = child_environment(PYTHONPATH=str(root), PYTHONHASHSEED="0", NO_MKDOCS_2_WARNING="1")
    subprocess.run([str(python), "-m", "bookkit.tools.drift", "run", "--out", str(out)],
                   cwd=root, env=env, check=True)
    return json.loads(out.read_text(encoding="utf-8"))


# --- comparing two runs --------------------------------------------------------------------
def normalized(text: str, versions: set[str]) -> str:
    """The output without what a release changes by itself: its version, addresses, source
    line numbers in locations, and the time stamps of log lines."""
    for version in sorted(versions, key=len, reverse=True):
        text = text.replace(version, "<torch>")
    text = _LOCAL_LABEL.sub("<torch>", text)  # the build's label: +cpu, +cu132
    text = _ADDRESS.sub("0x…", text)
    text = _LOCATION.sub(r"\1:…", text)
    return "\n".join(_LOG_STAMP.sub(r"\1…", line) for line in text.splitlines())


def warning_lines(text: str, versions: set[str]) -> list[str]:
    lines = [line.strip() for line in normalized(text, versions).splitlines()]
    return [line for line in lines if _WARNING.match(line) or _LOG.match(line)
            or line.startswith(("W…", "E…", "F…", "I…"))]


def error_lines(text: str, versions: set[str]) -> list[str]:
    return [line.strip() for line in normalized(text, versions).splitlines()
            if _ERROR.match(line)]


def _deprecation_first(lines: list[str]) -> list[str]:
    return sorted(lines, key=lambda line: not line.startswith(DEPRECATIONS))


@dataclass
class BlockDrift:
    page: str
    block: str
    line: int
    failed: dict | None = None
    skipped: bool = False  # an earlier block of its session failed
    fixed: dict | None = None  # it fails on the baseline and runs on this release
    prose: str = ""
    warnings_added: list[str] = field(default_factory=list)
    warnings_removed: list[str] = field(default_factory=list)
    errors_changed: list[str] = field(default_factory=list)
    diff: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.page}:{self.line} (block '{self.block}')"

    @property
    def empty(self) -> bool:
        return not (self.failed or self.skipped or self.fixed or self.warnings_added
                    or self.warnings_removed or self.errors_changed or self.diff)


def prose_around(root: Path, page: str, line: int, paragraphs: int = 1) -> str:
    """The paragraphs just before and after the fence at ``line`` of ``page``: the sentences
    that talk about the block."""
    try:
        lines = (root / page).read_text(encoding="utf-8").splitlines()
    except OSError:
        return ""
    start = line - 1
    end = start + 1
    while end < len(lines) and not lines[end].lstrip().startswith(("```", "~~~")):
        end += 1

    def paragraph(index: int, step: int) -> list[str]:
        found: list[str] = []
        while 0 <= index < len(lines) and not lines[index].strip():
            index += step
        while 0 <= index < len(lines) and lines[index].strip() and \
                not lines[index].lstrip().startswith(("```", "~~~", "#")):
            found.append(lines[index])
            index += step
        return found[::-1] if step < 0 else found

    before = paragraph(start - 1, -1)
    after = paragraph(end + 1, 1)
    return "\n".join([*before, "[…블록…]", *after]).strip()


def compare(root: Path, base: dict, head: dict, measurements: dict[str, set[str]]
            ) -> list[BlockDrift]:
    versions = {base["torch"], head["torch"], base["torch"].split("+")[0],
                head["torch"].split("+")[0]}
    drifts = []
    for name in sorted(base["blocks"].keys() | head["blocks"].keys()):
        old, new = base["blocks"].get(name, {}), head["blocks"].get(name, {})
        entry = new or old
        drift = BlockDrift(entry["page"], entry["block"], entry["line"])
        if "failure" in new:
            drift.failed = new["failure"]
            drift.prose = prose_around(root, drift.page, drift.line)
        drift.skipped = "skipped" in new and "skipped" not in old
        if "failure" in old and "text" in new:
            drift.fixed = old["failure"]
        before, after = old.get("text", ""), new.get("text", "")
        if "text" in old and "text" in new:
            was, now = warning_lines(before, versions), warning_lines(after, versions)
            drift.warnings_added = _deprecation_first([w for w in now if w not in was])
            drift.warnings_removed = _deprecation_first([w for w in was if w not in now])
            old_errors, new_errors = error_lines(before, versions), error_lines(after, versions)
            drift.errors_changed = [f"- {e}" for e in old_errors if e not in new_errors] + [
                f"+ {e}" for e in new_errors if e not in old_errors]
            if drift.block not in measurements.get(drift.page, set()):
                a, b = normalized(before, versions), normalized(after, versions)
                if a != b:
                    drift.diff = list(difflib.unified_diff(
                        a.splitlines(), b.splitlines(), base["torch"], head["torch"],
                        lineterm="", n=1))[:60]
        if not drift.empty:
            drifts.append(drift)
    return drifts


def render(drifts: list[BlockDrift], base: dict, head: dict) -> str:
    from bookkit.fences import code_fence

    title = f"## torch {base['torch']} → {head['torch']}"
    if not drifts:
        return f"{title}\n\nNo block changes: every output is the same once normalized.\n"
    failed = [d for d in drifts if d.failed]
    pages: dict[str, list[BlockDrift]] = {}
    for drift in drifts:
        pages.setdefault(drift.page, []).append(drift)
    out = [title, "", f"{len(failed)} block(s) fail, {len(drifts)} block(s) differ.", "",
           "| page | fails | warnings | errors | output |", "| --- | ---: | ---: | ---: | ---: |"]
    for page, found in sorted(pages.items()):
        out.append(f"| `{page}` | {sum(bool(d.failed) for d in found)} | "
                   f"{sum(bool(d.warnings_added or d.warnings_removed) for d in found)} | "
                   f"{sum(bool(d.errors_changed) for d in found)} | "
                   f"{sum(bool(d.diff) for d in found)} |")
    out.append("")
    for drift in sorted(drifts, key=lambda d: (not d.failed, d.page, d.line)):
        out += [f"### {drift.label}", ""]
        if drift.failed:
            message = drift.failed["message"] or drift.failed.get("traceback", "")[-600:]
            out += [f"**Fails**: `{drift.failed['type']}`", "",
                    *code_fence(message.splitlines() or [""], "text"), ""]
            if drift.prose:
                out += ["The prose around the block:", "",
                        *[f"> {line}" for line in drift.prose.splitlines()], ""]
        if drift.skipped:
            out += ["Not run: an earlier block of its session fails.", ""]
        if drift.fixed:
            out += [f"Fails on the baseline (`{drift.fixed['type']}`), runs on this release.", ""]
        if drift.warnings_added or drift.warnings_removed:
            out += ["Warnings and log lines:", "",
                    *code_fence([f"+ {w}" for w in drift.warnings_added]
                                + [f"- {w}" for w in drift.warnings_removed], "diff"), ""]
        if drift.errors_changed:
            out += ["Errors:", "", *code_fence(drift.errors_changed, "diff"), ""]
        if drift.diff:
            out += ["Output:", "", *code_fence(drift.diff, "diff"), ""]
    return "\n".join(out)


def report(root: Path, specs: list[str], out: Path, index_url: str | None = None,
           pre: bool = False, baseline: str | None = None) -> int:
    from bookkit.exec.engine import book_units
    from bookkit.tools.verify import measurements

    out.mkdir(parents=True, exist_ok=True)
    python = environment_for(root, baseline) if baseline else Path(sys.executable)
    base = run_in(python, root, out / "baseline.json")
    declared = measurements(root, book_units(root))
    parts, data, failing = [f"# Drift report (baseline: torch {base['torch']})", ""], [], 0
    for spec in specs:
        head = run_in(environment_for(root, spec, index_url, pre), root,
                      out / f"{Path(spec).name}.json")
        drifts = compare(root, base, head, declared)
        failing += sum(bool(d.failed) for d in drifts)
        parts.append(render(drifts, base, head))
        data.append({"from": base["torch"], "to": head["torch"],
                     "blocks": [vars(d) for d in drifts]})
    text = "\n".join(parts)
    (out / "drift.md").write_text(text, encoding="utf-8")
    (out / "drift.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), "utf-8")
    print(text)
    print(f"drift: {failing} block(s) fail; report in {out / 'drift.md'}", flush=True)
    return 1 if failing else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bookkit.tools.drift",
                                     description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="execute the book here, write each block's output")
    run.add_argument("--out", type=Path, required=True)
    compare_ = commands.add_parser("report", help="the report for one or more torch releases")
    compare_.add_argument("--torch", action="append", required=True, metavar="VERSION|WHEEL")
    compare_.add_argument("--out", type=Path, default=ROOT / DRIFT / "report")
    compare_.add_argument("--index-url", help="install torch from this index (e.g. PyTorch's "
                          "nightly or test channel)")
    compare_.add_argument("--baseline", metavar="VERSION|WHEEL",
                          help="compare with this torch instead of the pinned one (.venv)")
    compare_.add_argument("--pre", action="store_true",
                          help="admit release candidates and nightlies (with --torch latest)")
    args = parser.parse_args(argv)
    if args.command == "run":
        run_book(Path.cwd(), args.out)
        return 0
    return report(Path.cwd(), args.torch, args.out, args.index_url, args.pre, args.baseline)


if __name__ == "__main__":
    raise SystemExit(main())
