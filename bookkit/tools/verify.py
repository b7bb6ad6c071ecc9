"""Verify the execution store: re-execute stored units and compare what they print.

    python3 scripts/dev.py verify [--sample PCT] [--seed N]
    python3 scripts/dev.py verify --copy [--all]

The store's digests catch an entry that was edited or corrupted by accident; they cannot catch
one forged with a recomputed digest (a poisoned cache). This command can: it takes every unit
of the book that has a usable stored entry (or a reproducible random ``PCT`` percent of them,
chosen with ``--seed``, and says which), runs them again in fresh workers, exactly as the build
would, and compares each block's output with the stored one. Nothing is written to the store.

- A block whose output differs is named (``docs/page.md:LINE (block 'id')``) with a unified
  diff, stored (``-``) against re-executed (``+``).
- A block the page declares a measurement (front matter ``measurements: [ids]``) changes from
  run to run: its numbers are not compared, but everything else is (:func:`shape`: the
  elements and attributes of its markup and the lines of its text, every number masked), so a
  forged measurement that adds markup or words differs.
- A unit that fails on re-execution differs, with its failure.
- Device recordings (``recordings/``) are not part of the store and are not re-recorded here:
  they come from another machine. Units that show them read the same files again.
- Units with no entry (or a stale one: an input changed) are listed and not checked: the build
  runs them (or refuses, under ``BOOK_REQUIRE_STORED=1``). An entry that exists but cannot be
  used (unreadable, not an entry, its digest does not match) is an error, named with its file.

``--copy`` runs the book from a copy of the working tree in a temporary folder (what git would
commit: no store, no caches, no site) against this checkout's store, so the re-executed outputs
come from another folder and another run: the book's reproducibility proof. Each entry it
confirms is stamped (``<store>-verified/``: under its key, the entry's digest and a digest of
the engine's own code), and the next ``--copy`` run re-executes only the entries without a
stamp of their current digest: a unit whose code, inputs or environment changed has a new key
or a new entry, and a changed engine (``bookkit/exec``) changes every stamp, so they run again.
A stamp relies on the entry's list of inputs, so an entry is stamped only when the run in the
copy read no project file or variable the entry does not list (one that omits an input, forged
or not, is checked again every time). ``--all`` ignores the stamps. Only ``--copy`` reads or
writes stamps; a plain ``verify`` (CI's check of a restored store, which restores only the
store folder, never the stamps beside it) re-executes every stored unit.

The last line is ``verify: N units checked, M differ``; the exit status is 1 if any differ or
an entry is unusable.
"""

from __future__ import annotations

import argparse
import difflib
import functools
import hashlib
import math
import random
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from bookkit.exec.engine import Engine, book_units
from bookkit.exec.runner import JobResult, run_jobs
from bookkit.exec.tracking import file_digest
from bookkit.exec.units import ENGINE_VERSION, Block, Unit, UnitsError
from bookkit.files import copy_tree
from bookkit.manifest import output_text
from bookkit.memo import Memo
from bookkit.page_source import read_page
from bookkit.settings import project_settings

_NUMBER = re.compile(r"\d+(?:[.,]\d+)*(?:[eE][-+]?\d+)?")


def shape(output: Any) -> list[str]:
    """A measurement's output without its numbers: the distinct elements of its markup (tag and
    attributes) and the distinct lines of its text, each number masked as ``#``."""
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(f"<body>{_NUMBER.sub('#', output_text(output))}</body>")
    found = set()
    for node in tree.body.traverse(include_text=False):
        if node is not tree.body:
            found.add(f"<{node.tag} " + " ".join(
                f'{name}="{value}"' for name, value in sorted(node.attributes.items())) + ">")
    text = tree.body.text(separator="\n")
    found |= {line.strip() for line in text.splitlines() if line.strip()}
    return sorted(found)


def measurements(root: Path, units: list[Unit]) -> dict[str, set[str]]:
    """Page -> the block ids its front matter declares measurements (as the build reads them)."""
    declared: dict[str, set[str]] = {}
    for page in sorted({unit.page for unit in units}):
        if not page.endswith(".md"):
            continue
        declared[page] = read_page(root / page, page).measurements
    return declared


def choose(units: list[Unit], percent: float, seed: int) -> list[Unit]:
    """A reproducible ``percent`` of ``units`` (at least one), in their original order."""
    if percent >= 100 or not units:
        return list(units)
    count = max(1, math.ceil(len(units) * percent / 100))
    picked = set(random.Random(seed).sample(range(len(units)), count))
    return [unit for index, unit in enumerate(units) if index in picked]


def _diff(stored: Any, fresh: Any, label: str) -> str:
    lines = difflib.unified_diff(
        output_text(stored).splitlines(keepends=True), output_text(fresh).splitlines(keepends=True),
        fromfile=f"{label} (stored)", tofile=f"{label} (re-executed)",
    )
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in lines)


def compare(unit: Unit, stored: dict[str, Any], result: JobResult,
            volatile: set[str]) -> list[str]:
    """The problems of one re-executed unit against its ``stored`` outputs: a message (with a
    diff) per differing block."""
    fresh = {block.id: out for block, out in zip(unit.blocks, result.outputs, strict=False)}
    problems: list[str] = []
    for block in unit.blocks:
        problem = _compare_block(block, stored, fresh, block.id in volatile)
        if problem:
            problems.append(problem)
    if result.failure is not None:
        failure = result.failure
        where = unit.blocks[failure.block].label if failure.block is not None else unit.name
        problems.append(f"{where}: failed on re-execution: {failure.type}: {failure.message}"
                        f"\n{failure.traceback}".rstrip())
    return problems


def _compare_block(block: Block, stored: dict, fresh: dict, volatile: bool) -> str | None:
    if block.id not in fresh:
        return None  # not run (reported with the unit's failure) or never stored
    if block.id not in stored:
        return f"{block.label}: has an output now, but none is stored"
    if volatile:  # a measurement: its numbers change from run to run, nothing else may
        if output_text(stored[block.id]).strip() and not output_text(fresh[block.id]).strip():
            return f"{block.label}: a measurement that printed nothing on re-execution"
        before, after = shape(stored[block.id]), shape(fresh[block.id])
        if before == after:
            return None
        lines = difflib.unified_diff([f"{line}\n" for line in before],
                                     [f"{line}\n" for line in after],
                                     fromfile=f"{block.label} (stored)",
                                     tofile=f"{block.label} (re-executed)")
        return (f"{block.label}: a measurement whose markup or words differ from the store "
                "(numbers masked)\n" + "".join(lines))
    if stored[block.id] == fresh[block.id]:
        return None
    return f"{block.label}: output differs from the store\n" + _diff(
        stored[block.id], fresh[block.id], block.label)


def stamps_dir(store: Path) -> Path:
    """Where ``--copy`` stamps the entries of ``store`` it confirmed: beside the store, so a
    restored store never brings stamps with it."""
    return store.with_name(store.name + "-verified")


@functools.cache
def engine_digest() -> str:
    """A digest of the code that runs units (``bookkit/exec``) and :data:`ENGINE_VERSION`:
    entries do not record it as an input, so a stamp does."""
    files = sorted((Path(__file__).resolve().parents[1] / "exec").glob("*.py"))
    listed = "".join(f"{path.name} {file_digest(path)}\n" for path in files)
    return hashlib.sha256(f"engine {ENGINE_VERSION}\n{listed}".encode()).hexdigest()


def stamp(entry: dict) -> bytes:
    """What a stamp holds for ``entry``: its digest and the engine's."""
    return f"{entry['digest']} {engine_digest()}".encode()


def verify(root: Path, *, store_dir: Path | None = None, sample: float | None = None,
           seed: int = 0, copy: bool = False, every: bool = False) -> int:
    """Re-execute the stored units of the book at ``root``; 1 if any output differs. With
    ``copy``, from a copy of its working tree, skipping entries stamped as confirmed (unless
    ``every``)."""
    root = Path(root).resolve()
    if not copy:
        return _verify(root, store_dir, sample, seed, None)
    store = (store_dir or project_settings(root).store_dir(root)).resolve()
    stamps = Memo(stamps_dir(store))
    with tempfile.TemporaryDirectory(prefix="book-verify-") as folder:
        copy_tree(Path(folder), root)
        print(f"verify: from a copy of the working tree in {folder}", flush=True)
        return _verify(Path(folder), store, sample, seed, stamps, every)


def _verify(root: Path, store_dir: Path | None, sample: float | None, seed: int,
            stamps: Memo | None, every: bool = False) -> int:
    engine = Engine(root, store_dir=store_dir)
    units = book_units(root)
    stored: list[tuple[Unit, dict]] = []  # with its usable entry
    missing: list[str] = []
    unusable: list[str] = []
    stamped: list[str] = []
    for unit in units:
        key = unit.key(engine.fingerprint)
        _, reason = engine.store.load(key)
        if reason is not None:
            unusable.append(unit.name)
            print(f"error: {engine.store.path(key)}: unusable store entry for unit "
                  f"{unit.name}: {reason}", flush=True)
            continue
        entry = engine.usable_entry(unit)  # this store's, or the secondary's
        if entry is None:
            missing.append(unit.name)
        elif stamps is not None and not every and stamps.get(key) == stamp(entry):
            stamped.append(unit.name)
        else:
            stored.append((unit, entry))
    print(f"verify: store {engine.store.directory}: "
          f"{len(stored) + len(stamped)} of {len(units)} units stored")
    if missing:
        print(f"verify: not stored or stale, not checked ({len(missing)}): {', '.join(missing)}")
    if stamped:
        print(f"verify: confirmed from a copy before, not run again ({len(stamped)}): "
              + ", ".join(stamped))
    if sample is not None and sample < 100:
        picked = choose([unit for unit, _ in stored], sample, seed)
        names = {unit.name for unit in picked}
        stored = [item for item in stored if item[0].name in names]
        print(f"verify: sample of {sample:g}% (seed {seed}): {len(stored)} units: "
              + ", ".join(sorted(names)))
    elif sample is not None:
        print(f"verify: sample of {sample:g}%: every stored unit"
              + (" not stamped" if stamped else ""))
    declared = measurements(root, [unit for unit, _ in stored])
    differing: set[str] = set()

    def finished(index: int, result: JobResult) -> None:
        unit, entry = stored[index]
        problems = compare(unit, entry["outputs"], result, declared.get(unit.page, set()))
        for problem in problems:
            print(f"error: {problem}", flush=True)
        if problems:
            differing.add(unit.name)
        elif stamps is not None:
            unlisted = sorted(set(result.inputs) - set(entry["inputs"]))
            if unlisted:
                print(f"verify: {unit.name}: not stamped: it read {', '.join(unlisted)}, "
                      "which its entry does not list", flush=True)
            else:
                stamps.put(entry["key"], stamp(entry))

    if stored:
        run_jobs([engine.job(unit) for unit, _ in stored], engine.settings, on_result=finished)
    print(f"verify: {len(stored)} units checked, {len(differing)} differ"
          + (f", {len(unusable)} unusable" if unusable else ""), flush=True)
    return 1 if differing or unusable else 0


def _percent(text: str) -> float:
    value = float(text)
    if not 0 < value <= 100:
        raise argparse.ArgumentTypeError(f"--sample {text}: expected a percentage in (0, 100]")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bookkit.tools.verify",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=_percent, metavar="PCT",
                        help="re-execute only this percentage of the stored units")
    parser.add_argument("--seed", type=int, default=0,
                        help="the seed that picks the sample (default 0)")
    parser.add_argument("--copy", action="store_true",
                        help="run from a copy of the working tree; skip entries it confirmed")
    parser.add_argument("--all", action="store_true",
                        help="with --copy: re-execute stamped entries too")
    args = parser.parse_args(argv)
    if args.all and not args.copy:
        parser.error("--all goes with --copy")
    try:
        return verify(Path.cwd(), sample=args.sample, seed=args.seed, copy=args.copy,
                      every=args.all)
    except UnitsError as error:
        print(error, file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
