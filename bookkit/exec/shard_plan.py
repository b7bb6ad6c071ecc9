"""Shards by measured cost: which CI shard runs which unit.

``python3 scripts/dev.py build --shard I/N`` runs the units of shard I. Without a plan a unit's
shard is a stable hash of its name (:meth:`bookkit.exec.units.Unit.shard`): even in count, not
in time, so one shard can get the slow units and the others wait for it. The plan,
``shard-plan.json`` at the project's root, is written from the run times the store records with
every entry (``seconds``)::

    python3 scripts/dev.py shard-plan --shards 2     # after a build: writes shard-plan.json

    {"shards": 2, "seconds": [41.2, 40.9],
     "units": {"docs/tensors/index.md:tensors": {"shard": 1, "seconds": 3.2}, ...}}

Each unit with a stored run goes, longest first, to the shard with the least time so far
(greedy longest-processing-time: within 4/3 of the best split). A unit the plan does not name
(new, renamed, or never run where the plan was written) falls back to the hash split, so a
stale plan only balances less well, and never drops or repeats a unit: every unit still has
exactly one shard. A plan for another shard count is ignored (with a message).

The docs workflow's matrix is the plan's shard count, read with the standard library alone::

    python3 -m bookkit.exec.shard_plan matrix >> "$GITHUB_OUTPUT"   # count=2, shards=[1, 2]
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the standard library only: the workflow reads the matrix with a bare python3
    from bookkit.exec.units import Unit

PLAN_FILE = "shard-plan.json"
DEFAULT_SHARDS = 2  # the workflow's shard count while no plan is committed


class PlanError(ValueError):
    pass


def balance(costs: dict[str, float], shards: int) -> dict[str, int]:
    """Each name's shard (1-based): longest first, onto the shard with the least time so far
    (ties: the lower shard; equal costs: by name, so the plan is reproducible)."""
    if shards < 1:
        raise PlanError(f"{shards} shards: expected 1 or more")
    totals = [0.0] * shards
    assignment: dict[str, int] = {}
    for name, cost in sorted(costs.items(), key=lambda item: (-item[1], item[0])):
        shard = min(range(shards), key=lambda i: (totals[i], i))
        totals[shard] += cost
        assignment[name] = shard + 1
    return assignment


def make_plan(costs: dict[str, float], shards: int) -> dict:
    """The plan file's content for the units' measured ``costs`` (seconds by unit name)."""
    assignment = balance(costs, shards)
    totals = [0.0] * shards
    for name, shard in assignment.items():
        totals[shard - 1] += costs[name]
    return {"shards": shards, "seconds": [round(t, 3) for t in totals],
            "units": {name: {"shard": assignment[name], "seconds": round(costs[name], 3)}
                      for name in sorted(assignment)}}


@dataclass(frozen=True)
class Plan:
    shards: int
    units: dict[str, int]  # unit name -> shard, 1-based

    def shard_of(self, unit: Unit, total: int) -> int:
        """The unit's shard (1-based) of ``total``: the plan's, else the hash split's."""
        if total == self.shards and unit.name in self.units:
            return self.units[unit.name]
        return unit.shard(total) + 1


def read_plan(path: Path) -> Plan | None:
    """The plan at ``path``; ``None`` when there is none. A malformed one is a
    :class:`PlanError` naming the file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise PlanError(f"{path}: unreadable shard plan ({error})") from None
    shards = data.get("shards") if isinstance(data, dict) else None
    units = data.get("units") if isinstance(data, dict) else None
    if not isinstance(shards, int) or isinstance(shards, bool) or shards < 1 \
            or not isinstance(units, dict):
        raise PlanError(f"{path}: a shard plan has 'shards' (1 or more) and 'units'")
    chosen = {}
    for name, entry in units.items():
        shard = entry.get("shard") if isinstance(entry, dict) else None
        if not isinstance(shard, int) or isinstance(shard, bool) or not 1 <= shard <= shards:
            raise PlanError(f"{path}: unit {name!r} has no shard between 1 and {shards}")
        chosen[name] = shard
    return Plan(shards, chosen)


def units_of_shard(units: list[Unit], shard: int, total: int, plan: Plan | None) -> list[Unit]:
    """The units shard ``shard`` (1-based) of ``total`` runs."""
    if plan is not None and plan.shards != total:
        print(f"shard plan: written for {plan.shards} shards, not {total}; "
              "splitting by name instead", file=sys.stderr)
        plan = None
    if plan is None:
        return [u for u in units if u.shard(total) == shard - 1]
    return [u for u in units if plan.shard_of(u, total) == shard]


def matrix_lines(root: Path) -> list[str]:
    """The workflow's outputs: ``count`` (the plan's shards, or :data:`DEFAULT_SHARDS`) and
    ``shards``, the JSON list of shard numbers its matrix runs."""
    plan = read_plan(root / PLAN_FILE)
    count = plan.shards if plan is not None else DEFAULT_SHARDS
    return [f"count={count}", f"shards={json.dumps(list(range(1, count + 1)))}"]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args != ["matrix"]:
        print("usage: python3 -m bookkit.exec.shard_plan matrix", file=sys.stderr)
        return 2
    try:
        print("\n".join(matrix_lines(Path.cwd())))
    except PlanError as error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
