"""Store housekeeping: ``prune`` and a read-only secondary store (no unit is executed here)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from bookkit.exec.engine import Engine, prune_store
from bookkit.exec.units import page_units
from bookkit.settings import Settings

PAGE = '# p\n\n```python exec="on" id="a" result="text"\n--8<-- "snippets/a.py"\n```\n'


def one_unit(root: Path):
    (root / "docs").mkdir()
    (root / "snippets").mkdir()
    (root / "snippets" / "a.py").write_text('print("stored")\n')
    (root / "docs" / "p.md").write_text(PAGE, encoding="utf-8")
    [unit] = page_units(root / "docs" / "p.md", root)
    return unit


def entry(key: str, unit: str = "docs/p.md:a") -> dict:
    return {"key": key, "unit": unit, "outputs": {"a": "stored\n"}, "inputs": {},
            "machine": {"python": "3"}, "executed_at": "2025-01-01T00:00:00+00:00",
            "seconds": 0.1}


def age(path: Path, days: float) -> None:
    then = time.time() - days * 86400
    os.utime(path, (then, then))


def test_prune_keeps_the_manifest_keys_and_young_entries_and_reports_the_rest(
        tmp_path, capsys):
    manifest = tmp_path / "manifest.json"
    engine = Engine(tmp_path, Settings(manifest=manifest), store_dir=tmp_path / "store")
    named, young, orphan = "a" * 64, "b" * 64, "c" * 64
    paths = {key: engine.store.put(entry(key)) for key in (named, young, orphan)}
    age(paths[named], 30)
    age(paths[orphan], 30)
    age(paths[young], 1)
    manifest.write_text(json.dumps({"schema": 1, "blocks": [{"key": named}]}))
    assert prune_store(engine, days=7) == 0
    assert paths[named].exists() and paths[young].exists()
    assert not paths[orphan].exists()
    out = capsys.readouterr().out
    assert f"removed {paths[orphan]}" in out
    assert "prune: 1 entries removed, 1 keys kept" in out


def test_prune_without_a_manifest_removes_nothing(tmp_path, capsys):
    engine = Engine(tmp_path, Settings(manifest=tmp_path / "none.json"),
                    store_dir=tmp_path / "store")
    path = engine.store.put(entry("d" * 64))
    age(path, 30)
    assert prune_store(engine, days=7) == 1
    assert path.exists()
    assert "cannot read the manifest" in capsys.readouterr().err


def test_a_secondary_store_answers_a_miss_and_is_never_written(tmp_path):
    unit = one_unit(tmp_path)
    secondary = tmp_path / "from-ci"
    writer = Engine(tmp_path, store_dir=secondary)
    key = unit.key(writer.fingerprint)
    writer.store.put(entry(key, unit.name))
    before = sorted(p.relative_to(secondary) for p in secondary.rglob("*"))

    engine = Engine(tmp_path, Settings(secondary_store=secondary), store_dir=tmp_path / "own")
    outcome = engine.run([unit])[unit.name]
    assert outcome.reused and outcome.outputs == {"a": "stored\n"}
    assert engine.executed == 0
    engine.store.put(entry("e" * 64))
    assert (tmp_path / "own" / "ee" / ("e" * 64 + ".json")).is_file()
    assert sorted(p.relative_to(secondary) for p in secondary.rglob("*")) == before
