"""Shards by measured cost (bookkit/exec/shard_plan.py): a plan from the run times a store
records puts the longest units first on the least loaded shard; a unit the plan does not know,
or a plan for another shard count, falls back to the hash of the unit's name; every unit runs in
exactly one shard either way."""

from __future__ import annotations

import json

import pytest

from bookkit.exec.engine import stored_seconds
from bookkit.exec.shard_plan import PlanError, balance, make_plan, read_plan, units_of_shard
from bookkit.exec.store import Store
from bookkit.exec.units import Block, Unit

ENVIRONMENT = {"torch": "test"}  # the fingerprint the fake store's keys were made with


def unit(name: str) -> Unit:
    block = Block(f"docs/{name}.md", name, 1, f"print({name!r})\n", {})
    return Unit("blocks", f"docs/{name}.md", name, (block,))


def fake_store(folder, seconds: dict[str, float]) -> Store:
    store = Store(folder)
    for name, cost in seconds.items():
        made = unit(name)
        store.put({"key": made.key(ENVIRONMENT), "unit": made.name, "outputs": {name: "x\n"},
                   "inputs": {}, "machine": {}, "executed_at": "2026-01-01T00:00:00+00:00",
                   "seconds": cost})
    return store


COSTS = {"e": 10.0, "d": 6.0, "c": 5.0, "b": 4.0, "a": 1.0}  # names in the other order


def test_the_plan_reads_the_stores_run_times_and_balances_longest_first(tmp_path):
    units = [unit(name) for name in [*COSTS, "new"]]
    costs = stored_seconds(fake_store(tmp_path / "store", COSTS), units, ENVIRONMENT)
    assert costs == {f"docs/{n}.md:{n}": c for n, c in COSTS.items()}  # "new" never ran
    plan = make_plan(costs, 2)
    # e (10) -> 1; d (6) -> 2; c (5) -> 2 (11); b (4) -> 1 (14); a (1) -> 2 (12)
    assert {name.rpartition(":")[2]: entry["shard"] for name, entry in plan["units"].items()} \
        == {"e": 1, "d": 2, "c": 2, "b": 1, "a": 2}
    assert plan["seconds"] == [14.0, 12.0]


def test_greedy_beats_a_count_split_when_one_unit_is_long():
    costs = {**{f"short{i}": 2.0 for i in range(10)}, "z-long": 30.0}
    shards = balance(costs, 3)
    totals = [sum(c for n, c in costs.items() if shards[n] == s) for s in (1, 2, 3)]
    assert totals == [30.0, 10.0, 10.0]  # the long unit alone; the short ones split evenly


def test_units_the_plan_does_not_know_fall_back_to_the_name_hash(tmp_path):
    units = [unit(name) for name in [*COSTS, "new", "renamed"]]
    plan_file = tmp_path / "shard-plan.json"
    costs = {u.name: COSTS[u.page[5:-3]] for u in units if u.page[5:-3] in COSTS}
    plan_file.write_text(json.dumps(make_plan(costs, 2)), encoding="utf-8")
    plan = read_plan(plan_file)
    chosen = {s: units_of_shard(units, s, 2, plan) for s in (1, 2)}
    assert sorted(u.name for s in chosen for u in chosen[s]) == sorted(u.name for u in units)
    for u in units:
        expected = plan.units.get(u.name, u.shard(2) + 1)
        assert u in chosen[expected]
    # a plan for another count is not used: the hash split for every unit
    by_hash = {s: [u for u in units if u.shard(3) == s - 1] for s in (1, 2, 3)}
    assert {s: units_of_shard(units, s, 3, plan) for s in (1, 2, 3)} == by_hash
    assert units_of_shard(units, 1, 2, None) == [u for u in units if u.shard(2) == 0]


def test_no_plan_file_is_no_plan_and_a_malformed_one_names_its_file(tmp_path):
    assert read_plan(tmp_path / "shard-plan.json") is None
    bad = tmp_path / "shard-plan.json"
    for text in ("{", '{"shards": 2}', '{"shards": 2, "units": {"x": {"shard": 3}}}'):
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(PlanError, match="shard-plan.json"):
            read_plan(bad)


def test_the_workflow_matrix_is_the_plans_shard_count(tmp_path):
    from bookkit.exec.shard_plan import DEFAULT_SHARDS, matrix_lines

    assert matrix_lines(tmp_path) == [f"count={DEFAULT_SHARDS}",
                                      f"shards={list(range(1, DEFAULT_SHARDS + 1))}"]
    (tmp_path / "shard-plan.json").write_text(json.dumps(make_plan(COSTS, 3)), encoding="utf-8")
    assert matrix_lines(tmp_path) == ["count=3", "shards=[1, 2, 3]"]


def test_the_committed_plan_reads():
    from pathlib import Path

    from bookkit.exec.shard_plan import PLAN_FILE

    plan = read_plan(Path(__file__).resolve().parent.parent / PLAN_FILE)
    assert plan is None or plan.units and set(plan.units.values()) <= set(range(1, plan.shards + 1))
