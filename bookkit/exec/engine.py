"""Look up, execute, store: the one place that decides whether a unit runs.

The build hooks, the snippet tests, the shard command and the recorder all ask an
:class:`Engine` for the outcomes of units. For each unit it computes the key
(:meth:`bookkit.exec.units.Unit.key`), reads the store, checks that every project file the stored
run used still has the same content, and only otherwise runs the unit in a worker
(:mod:`bookkit.exec.runner`), writing the new entry. Failed runs are never stored.

Command line (``python3 scripts/dev.py build --shard i/n`` calls the first)::

    python -m bookkit.exec.engine execute [--shard I/N]   # run the units of shard I into the store
                                                          # (by shard-plan.json where present)
    python -m bookkit.exec.engine plan --shards N         # write shard-plan.json from run times
    python -m bookkit.exec.engine merge DIR...            # copy other stores' entries into this one
    python -m bookkit.exec.engine prune [--days N]        # remove entries the manifest does not
                                                          # name, older than N days (default 7)
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
import logging
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bookkit.exec.fingerprint import fingerprint
from bookkit.exec.jobs import KERNEL_KINDS, BlockSource, Failure, Job, Limits
from bookkit.exec.runner import GUARDED, JobResult, require_asserts, run_jobs, start_server
from bookkit.exec.shard_plan import PLAN_FILE, PlanError, make_plan, read_plan, units_of_shard
from bookkit.exec.store import Digests, Store
from bookkit.exec.units import Block, Unit, UnitsError, book_pages, page_units
from bookkit.settings import Settings, project_settings, with_changes

# Under MkDocs, whose handler shows the INFO records of its plugins: a cold build takes minutes.
log = logging.getLogger("mkdocs.plugins.bookkit.engine")


class NotStoredError(RuntimeError):
    """``require_stored`` is set and some units have no valid stored outputs."""


@dataclass
class Outcome:
    unit: Unit
    outputs: dict[str, Any]  # block id -> output, for every block that ran to its end
    machine: dict[str, Any] = field(default_factory=dict)
    executed_at: str = ""
    reused: bool = False
    failure: Failure | None = None
    key: str = ""

    def problem(self, block: Block) -> str | None:
        """Why ``block`` has no output, or None when it has one."""
        if block.id in self.outputs:
            return None
        if self.failure is None:
            return f"{block.label}: no output was stored"
        if self.failure.block_id == block.id:
            return self.failure.summary()
        return f"{block.label}: not run, because {self.failure.summary()}"


def _now() -> str:
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()


class Engine:
    def __init__(self, root: Path, settings: Settings | None = None, *,
                 store_dir: Path | None = None, device: str | None = None) -> None:
        require_asserts()  # under -O the hidden asserts would not run: store nothing
        self.settings = settings or project_settings(Path(root))
        if device is not None:
            self.settings = with_changes(self.settings, device=device)
        self.root = Path(root).resolve()
        self.store = Store(store_dir or self.settings.store_dir(self.root),
                           secondary=self.settings.secondary_store)
        self.device = self.settings.device
        self.fingerprint = fingerprint(self.root, self.device)
        self.digests = Digests(self.root)
        self.outcomes: dict[str, Outcome] = {}
        self.executed = 0
        self.reused = 0
        self.seconds = 0.0

    def job(self, unit: Unit, collect: tuple[str, ...] = ()) -> Job:
        """What a worker needs to run ``unit``: plain data, so it crosses the process boundary."""
        settings = self.settings
        return Job(
            kind=unit.kind, root=str(self.root), module=unit.module_name,
            blocks=tuple(BlockSource(b.id, b.code, b.filename, dict(b.options))
                         for b in unit.blocks),
            device=self.device, collect=tuple(collect),
            # a unit may not change these (bookkit.exec.tracking.ProjectWriteError)
            guarded=(*(str(self.root / name) for name in GUARDED),
                     str(self.store.directory.resolve())),
            limits=Limits(settings.output_limit, settings.memory_limit, settings.process_limit),
        )

    def usable_entry(self, unit: Unit) -> dict[str, Any] | None:
        """The stored entry of ``unit`` (this store's, or the secondary's) whose inputs all
        still have the content it saw, or None."""
        entry = self.store.get(unit.key(self.fingerprint), unit.name)  # unusable: logged misses
        if entry is None or self.digests.changed(entry["inputs"]):
            return None
        return entry

    def lookup(self, unit: Unit) -> Outcome | None:
        entry = self.usable_entry(unit)
        if entry is None:
            return None
        return Outcome(unit, entry["outputs"], entry["machine"], entry["executed_at"], True,
                       key=entry["key"])

    def _outcome(self, unit: Unit, key: str, result: JobResult) -> Outcome:
        outputs = {block.id: out for block, out in zip(unit.blocks, result.outputs, strict=False)}
        outcome = Outcome(unit, outputs, result.machine, _now(), key=key)
        if result.failure is not None:
            index = result.failure.block
            block = unit.blocks[index] if index is not None else None
            failure = result.failure
            origin = block.origin(failure.traceback) if block else None
            if origin is not None:  # the file to edit, not only the page's fence
                failure = dataclasses.replace(
                    failure, traceback=f"the failing line is {origin}\n{failure.traceback}")
            outcome.failure = dataclasses.replace(
                failure, label=block.label if block else unit.name,
                block_id=block.id if block else None)
        else:
            self.store.put({
                "key": key, "unit": unit.name, "outputs": outputs, "inputs": result.inputs,
                "machine": result.machine, "executed_at": outcome.executed_at,
                "seconds": round(result.seconds, 3),
            })
        return outcome

    def run(self, units: list[Unit], *, require_stored: bool | None = None) -> dict[str, Outcome]:
        """The outcome of every unit, executing those the store cannot answer."""
        if require_stored is None:
            require_stored = self.settings.require_stored
        todo: list[tuple[Unit, str]] = []
        for unit in units:
            if unit.name in self.outcomes or unit.name in {u.name for u, _ in todo}:
                continue
            stored = self.lookup(unit)
            if stored is not None:
                self.outcomes[unit.name] = stored
                self.reused += 1
            else:
                todo.append((unit, unit.key(self.fingerprint)))
        if todo and require_stored:
            names = ", ".join(unit.name for unit, _ in todo)
            raise NotStoredError(f"BOOK_REQUIRE_STORED: no stored outputs for {names}")

        def finished(index: int, result: JobResult) -> None:
            unit, key = todo[index]
            self.outcomes[unit.name] = self._outcome(unit, key, result)
            self.executed += 1
            self.seconds += result.seconds
            state = "failed" if result.failure is not None else f"{result.seconds:.1f} s"
            log.info("bookkit: executed %d/%d %s (%s)", self.executed, len(todo), unit.name,
                     state)  # a cold build takes minutes: say where it is

        # Notebook units start a kernel and run longest: start them first.
        todo.sort(key=lambda item: item[0].kind not in KERNEL_KINDS)
        if todo:
            log.info("bookkit: executing %d units (%d reused from the store)", len(todo),
                     self.reused)
            run_jobs([self.job(unit) for unit, _ in todo], self.settings, on_result=finished)
        return {unit.name: self.outcomes[unit.name] for unit in units}

    def prepare(self) -> None:
        """Start the workers' server ahead of the next run (``serve``, waiting for a save)."""
        start_server(self.settings)

    def summary(self) -> str:
        return (
            f"{self.executed} units executed, {self.reused} reused, "
            f"{self.seconds:.1f} s executing"
        )


def failures(outcomes: dict[str, Outcome]) -> list[Failure]:
    return [o.failure for o in outcomes.values() if o.failure is not None]


def book_units(root: Path, docs_dir: Path | None = None) -> list[Unit]:
    """The units of every page of the book; :class:`UnitsError` lists every invalid block."""
    units: list[Unit] = []
    problems: list[str] = []
    for page in book_pages(docs_dir or root / "docs"):
        try:
            units += page_units(page, root)
        except UnitsError as error:
            problems += error.problems
    if problems:
        raise UnitsError(problems)
    return units


def prune_store(engine: Engine, days: float) -> int:
    """Keep the keys the last build's manifest names and entries younger than ``days``."""
    manifest = engine.settings.manifest_path(engine.root)
    try:
        blocks = json.loads(manifest.read_text(encoding="utf-8"))["blocks"]
    except (OSError, ValueError, KeyError) as error:
        print(f"prune: cannot read the manifest {manifest} ({error}); build first",
              file=sys.stderr)
        return 1
    keep = {block["key"] for block in blocks}
    removed = engine.store.prune(keep, time.time() - days * 86400)
    for path in removed:
        print(f"removed {path}")
    print(f"prune: {len(removed)} entries removed, {len(keep)} keys kept from {manifest}")
    return 0


def stored_seconds(store: Store, units: list[Unit], environment: dict) -> dict[str, float]:
    """The recorded run time of every unit ``store`` holds a run of for ``environment`` (the
    fingerprint its keys include), by unit name."""
    costs = {}
    for unit in units:
        entry = store.get(unit.key(environment), unit.name)
        if entry is not None:
            costs[unit.name] = float(entry["seconds"])
    return costs


def write_plan(engine: Engine, units: list[Unit], shards: int, path: Path) -> int:
    costs = stored_seconds(engine.store, units, engine.fingerprint)
    if not costs:
        print(f"shard plan: the store {engine.store.directory} holds no run of this book's "
              "units; build first", file=sys.stderr)
        return 1
    plan = make_plan(costs, shards)
    path.write_text(json.dumps(plan, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    missing = len(units) - len(costs)
    print(f"shard plan: {len(costs)} units in {shards} shards, "
          + ", ".join(f"{t:.1f} s" for t in plan["seconds"])
          + (f"; {missing} units without a stored run split by name" if missing else "")
          + f" -> {path}")
    return 0


def _parse_shard(text: str) -> tuple[int, int]:
    index, _, count = text.partition("/")
    shard, total = int(index), int(count)
    if not 1 <= shard <= total:
        raise argparse.ArgumentTypeError(f"--shard {text}: expected I/N with 1 <= I <= N")
    return shard, total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bookkit.exec.engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    execute = commands.add_parser("execute", help="run units into the store")
    execute.add_argument("--shard", type=_parse_shard, default=(1, 1), metavar="I/N")
    merge = commands.add_parser("merge", help="copy entries of other stores into this one")
    merge.add_argument("stores", nargs="+", type=Path)
    prune = commands.add_parser("prune", help="remove entries no build needs now")
    prune.add_argument("--days", type=float, default=7.0,
                       help="keep entries younger than this too (default 7)")
    plan = commands.add_parser("plan", help="write the shard plan from the store's run times")
    plan.add_argument("--shards", type=int, required=True)
    plan.add_argument("--out", type=Path, default=Path(PLAN_FILE))
    args = parser.parse_args(argv)
    root = Path.cwd()
    engine = Engine(root)
    if args.command == "merge":
        copied = sum(engine.store.merge_from(store) for store in args.stores)
        print(f"merged {copied} entries into {engine.store.directory}")
        return 0
    if args.command == "prune":
        return prune_store(engine, args.days)
    try:
        units = book_units(root)
        if args.command == "plan":
            return write_plan(engine, units, args.shards, args.out)
        shard, total = args.shard
        units = units_of_shard(units, shard, total, read_plan(root / PLAN_FILE))
    except (UnitsError, PlanError) as error:
        print(error, file=sys.stderr)
        return 1
    outcomes = engine.run(units)
    for failure in failures(outcomes):
        print(f"error: {failure.summary()}\n{failure.traceback}", file=sys.stderr)
    print(f"shard {shard}/{total}: {len(units)} units; {engine.summary()}")
    return 1 if failures(outcomes) else 0


if __name__ == "__main__":
    raise SystemExit(main())
