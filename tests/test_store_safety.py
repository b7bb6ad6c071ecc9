"""The execution store fails safe and can be verified (issue 18, rows 4 and 5).

- An entry that cannot be read, decoded or validated, or whose digest does not match (an edited
  output), is a miss: the unit runs again, and one log line names the entry file and the unit.
- ``python3 scripts/dev.py verify`` (:mod:`bookkit.tools.verify`) re-executes stored units without
  writing to the store and fails, naming the block with a diff, on any output that differs.
- Concurrent writers of the same and of different keys never let a reader see a partial entry.
"""

from __future__ import annotations

import json
import logging
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from conftest import ROOT, book_env

from bookkit.exec import store as store_module
from bookkit.exec.engine import Engine
from bookkit.exec.store import SCHEMA, Store
from bookkit.exec.units import Unit, page_units

PAGE = """\
---
measurements: [clock]
---

# 쪽

```python exec="on" session="s" id="hello" result="text"
--8<-- "snippets/hello.py"
```

```python exec="on" session="s" id="clock" result="text"
--8<-- "snippets/clock.py"
```
"""


@pytest.fixture(autouse=True)
def _small_workers(monkeypatch):
    monkeypatch.setenv("BOOK_PRELOAD", "")  # these units never import torch


def make_book(root: Path, pages: int = 1) -> list[Unit]:
    (root / "docs").mkdir()
    (root / "snippets").mkdir()
    (root / "snippets" / "hello.py").write_text("print('hello', 6 * 7)\n")
    (root / "snippets" / "clock.py").write_text("import time\nprint('now', time.time())\n")
    (root / "docs" / "p.md").write_text(PAGE, encoding="utf-8")
    for number in range(1, pages):
        (root / "snippets" / f"x{number}.py").write_text(f"print('page {number}')\n")
        (root / "docs" / f"x{number}.md").write_text(
            f'# {number}\n\n```python exec="on" id="x" result="text"\n'
            f'--8<-- "snippets/x{number}.py"\n```\n', encoding="utf-8")
    return units_of_book(root)


def units_of_book(root: Path) -> list[Unit]:
    return [unit for page in sorted((root / "docs").glob("*.md"))
            for unit in page_units(page, root)]


def entry_files(store: Path) -> list[Path]:
    return sorted(store.glob("??/*.json"))


def store_warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name.startswith("bookkit") and r.levelno >= logging.WARNING]


def stored_entry(tmp_path: Path) -> tuple[Engine, Unit, Path]:
    """An engine over a fresh book whose one unit has a valid entry (written, not executed)."""
    [unit] = make_book(tmp_path)
    engine = Engine(tmp_path, store_dir=tmp_path / "store")
    key = unit.key(engine.fingerprint)
    path = engine.store.put({
        "key": key, "unit": unit.name, "outputs": {"hello": "hello 42\n", "clock": "now 1\n"},
        "inputs": {}, "machine": {"python": "3"}, "executed_at": "2025-01-01T00:00:00+00:00",
        "seconds": 0.1,
    })
    assert engine.lookup(unit) is not None
    return engine, unit, path


def edit(path: Path, change) -> None:
    entry = json.loads(path.read_text(encoding="utf-8"))
    change(entry)
    path.write_text(json.dumps(entry), encoding="utf-8")


# --- row 4: an edited output is detected, and the unit runs again ---------------------------
def test_an_edited_stored_output_is_a_miss_with_one_line_naming_entry_and_unit(tmp_path, caplog):
    engine, unit, path = stored_entry(tmp_path)
    edit(path, lambda e: e["outputs"].update(hello="hello 41\n"))
    assert Engine(tmp_path, store_dir=tmp_path / "store").lookup(unit) is None
    [line] = store_warnings(caplog)
    assert str(path) in line and unit.name in line and "digest" in line
    assert "\n" not in line


@pytest.mark.e2e  # starts a process
def test_an_edited_entry_runs_again_and_is_replaced_by_a_valid_one(tmp_path, caplog):
    engine, unit, path = stored_entry(tmp_path)
    edit(path, lambda e: e["outputs"].update(hello="hello 41\n"))
    fresh = Engine(tmp_path, store_dir=tmp_path / "store")
    outcome = fresh.run([unit])[unit.name]
    assert fresh.executed == 1 and not outcome.reused
    assert outcome.outputs["hello"] == "hello 42\n"
    again = Engine(tmp_path, store_dir=tmp_path / "store")
    assert again.run([unit])[unit.name].reused and again.executed == 0
    assert len(store_warnings(caplog)) == 1


def test_every_stored_field_is_covered_by_the_digest(tmp_path, caplog):
    _, unit, path = stored_entry(tmp_path)
    entry = json.loads(path.read_text(encoding="utf-8"))
    assert entry["schema"] == SCHEMA and entry["digest"] == store_module.entry_digest(entry)
    for field, value in [("inputs", {"labs/x.py": None}), ("machine", {"python": "2"}),
                         ("executed_at", "2020-01-01"), ("unit", "docs/other.md:s")]:
        original = path.read_text(encoding="utf-8")
        edit(path, lambda e, field=field, value=value: e.update({field: value}))
        caplog.clear()
        assert Engine(tmp_path, store_dir=tmp_path / "store").lookup(unit) is None, field
        assert len(store_warnings(caplog)) == 1, field
        path.write_text(original, encoding="utf-8")


# --- row 5: an entry that cannot be read, decoded or validated ------------------------------
def _drop(name):
    return lambda e: e.pop(name)


def _set(name, value):
    return lambda e: e.update({name: value})


BROKEN = {
    "not UTF-8": b'{"schema": 2, "outputs": {"hello": "\xff\xfe"}}',
    "not JSON": b'{"schema": 2, "key": ',
    "not an object": b"[1, 2, 3]",
    "empty": b"",
}
WRONG_FIELDS = {
    "no outputs": _drop("outputs"),
    "no inputs": _drop("inputs"),
    "no machine": _drop("machine"),
    "no digest": _drop("digest"),
    "outputs not an object": _set("outputs", "hello 42"),
    "inputs not an object": _set("inputs", ["labs/x.py"]),
    "an input digest not a string": _set("inputs", {"labs/x.py": 3}),
    "executed_at not a string": _set("executed_at", 3),
    "schema not a number": _set("schema", "2"),
    "another key": _set("key", "0" * 64),
}


@pytest.mark.parametrize("content", BROKEN.values(), ids=BROKEN.keys())
def test_an_entry_that_cannot_be_decoded_is_a_miss_naming_entry_and_unit(tmp_path, caplog,
                                                                          content):
    engine, unit, path = stored_entry(tmp_path)
    path.write_bytes(content)
    assert Engine(tmp_path, store_dir=tmp_path / "store").lookup(unit) is None
    [line] = store_warnings(caplog)
    assert str(path) in line and unit.name in line


@pytest.mark.parametrize("change", WRONG_FIELDS.values(), ids=WRONG_FIELDS.keys())
def test_an_entry_with_wrong_fields_is_a_miss_naming_entry_and_unit(tmp_path, caplog, change):
    engine, unit, path = stored_entry(tmp_path)
    edit(path, change)
    assert Engine(tmp_path, store_dir=tmp_path / "store").lookup(unit) is None
    [line] = store_warnings(caplog)
    assert str(path) in line and unit.name in line


@pytest.mark.e2e  # starts a process
def test_an_unreadable_entry_runs_the_unit_again(tmp_path, caplog):
    engine, unit, path = stored_entry(tmp_path)
    path.write_bytes(b"\xff\xfe not an entry")
    fresh = Engine(tmp_path, store_dir=tmp_path / "store")
    outcome = fresh.run([unit])[unit.name]
    assert outcome.failure is None and fresh.executed == 1
    assert outcome.outputs["hello"] == "hello 42\n"
    assert Store(tmp_path / "store").get(outcome.key) is not None  # replaced by a valid entry


def test_an_entry_of_the_old_schema_is_a_quiet_miss(tmp_path, caplog):
    engine, unit, path = stored_entry(tmp_path)
    edit(path, lambda e: (e.update(schema=1), e.pop("digest")))
    assert Engine(tmp_path, store_dir=tmp_path / "store").lookup(unit) is None
    assert store_warnings(caplog) == []


# --- dev.py verify ------------------------------------------------------------------------
@pytest.mark.e2e  # starts a process
def test_verify_passes_an_untouched_store_and_names_an_edited_block_with_a_diff(tmp_path,
                                                                                capsys):
    from bookkit.tools.verify import verify

    units = make_book(tmp_path, pages=2)
    store = tmp_path / "store"
    engine = Engine(tmp_path, store_dir=store)
    engine.run(units)
    before = {p: p.read_bytes() for p in entry_files(store)}
    assert len(before) == 2

    # Untouched: every unit re-executes and matches; the measurement 'clock' differs in text.
    assert verify(tmp_path, store_dir=store) == 0
    out = capsys.readouterr().out
    assert "verify: 2 units checked, 0 differ" in out
    assert {p: p.read_bytes() for p in entry_files(store)} == before  # nothing written

    # Poisoned: an edited output with a recomputed digest passes every lookup; verify fails.
    session = next(u for u in units if u.session == "s")
    path = Store(store).path(session.key(engine.fingerprint))
    entry = json.loads(path.read_text(encoding="utf-8"))
    entry["outputs"]["hello"] = "hello 41\n"
    entry["digest"] = store_module.entry_digest(entry)
    path.write_text(json.dumps(entry), encoding="utf-8")
    assert Engine(tmp_path, store_dir=store).lookup(session) is not None
    assert verify(tmp_path, store_dir=store) == 1
    out = capsys.readouterr().out
    assert "docs/p.md:7 (block 'hello')" in out
    assert "-hello 41" in out and "+hello 42" in out
    assert "clock" not in out
    assert "verify: 2 units checked, 1 differ" in out


def executed_entry(tmp_path: Path) -> tuple[Unit, Path, Path]:
    """A one-unit book executed into a store: the unit, the store and the unit's entry file."""
    [unit] = make_book(tmp_path)
    store = tmp_path / "store"
    engine = Engine(tmp_path, store_dir=store)
    engine.run([unit])
    return unit, store, Store(store).path(unit.key(engine.fingerprint))


@pytest.mark.e2e  # starts a process
def test_verify_fails_on_a_measurement_missing_from_the_store(tmp_path, capsys):
    from bookkit.tools.verify import verify

    unit, store, path = executed_entry(tmp_path)
    entry = json.loads(path.read_text(encoding="utf-8"))
    del entry["outputs"]["clock"]
    entry["digest"] = store_module.entry_digest(entry)
    path.write_text(json.dumps(entry), encoding="utf-8")
    assert verify(tmp_path, store_dir=store) == 1
    assert "docs/p.md:11 (block 'clock')" in capsys.readouterr().out


@pytest.mark.e2e  # starts a process
def test_verify_fails_on_a_forged_measurement_that_adds_markup_or_words(tmp_path, capsys):
    """A measurement's numbers may change; a ``<base>`` or a word slipped in may not."""
    from bookkit.tools.verify import verify

    unit, store, path = executed_entry(tmp_path)
    for forged in ('<base href="http://127.0.0.1:8001/">\nnow 1\n', "later 1\n"):
        edit(path, lambda entry, forged=forged: entry["outputs"].update(clock=forged))
        edit(path, lambda entry: entry.update(digest=store_module.entry_digest(entry)))
        assert Engine(tmp_path, store_dir=store).lookup(unit) is not None  # a valid entry
        assert verify(tmp_path, store_dir=store) == 1
        out = capsys.readouterr().out
        assert "docs/p.md:11 (block 'clock'): a measurement whose markup or words differ" in out
    edit(path, lambda entry: entry["outputs"].update(clock="now 12345.5\n"))  # numbers only
    edit(path, lambda entry: entry.update(digest=store_module.entry_digest(entry)))
    assert verify(tmp_path, store_dir=store) == 0


def test_verify_names_an_unusable_entry_and_fails(tmp_path, capsys):
    from bookkit.tools.verify import verify

    engine, unit, path = stored_entry(tmp_path)
    edit(path, lambda entry: entry["outputs"].update(hello="hello 41\n"))  # digest not redone
    assert verify(tmp_path, store_dir=tmp_path / "store") == 1
    out = capsys.readouterr().out
    assert f"error: {path}: unusable store entry for unit {unit.name}: its digest" in out
    assert "1 unusable" in out


@pytest.mark.parametrize("name", ["../outside.txt", "/etc/hostname", "docs/../../x", ""])
def test_an_entry_whose_inputs_leave_the_project_is_unusable(tmp_path, caplog, name):
    engine, unit, path = stored_entry(tmp_path)
    edit(path, lambda entry: entry["inputs"].update({name: None}))
    edit(path, lambda entry: entry.update(digest=store_module.entry_digest(entry)))
    assert engine.lookup(unit) is None
    assert "not a path inside the project" in " ".join(store_warnings(caplog))


def test_an_input_that_is_a_fifo_is_never_read(tmp_path):
    """A forged entry naming a FIFO as an input must not hang the lookup: a FIFO is no input."""
    import os

    engine, unit, path = stored_entry(tmp_path)
    os.mkfifo(tmp_path / "snippets" / "pipe")
    edit(path, lambda entry: entry["inputs"].update({"snippets/pipe": "0" * 64}))
    edit(path, lambda entry: entry.update(digest=store_module.entry_digest(entry)))
    started = time.monotonic()
    assert Engine(tmp_path, store_dir=tmp_path / "store").lookup(unit) is None
    assert time.monotonic() - started < 5


def test_a_store_entry_that_is_a_fifo_is_unusable_without_blocking(tmp_path):
    import os

    engine, unit, path = stored_entry(tmp_path)
    path.unlink()
    os.mkfifo(path)
    assert engine.store.load(unit.key(engine.fingerprint)) == (None, "not a regular file")


def test_verify_samples_reproducibly_and_says_which(tmp_path, capsys):
    from bookkit.tools.verify import choose

    units = make_book(tmp_path, pages=10)
    first = choose(units, 30, seed=7)
    assert len(first) == 3 and first == choose(units, 30, seed=7)
    assert choose(units, 100, seed=7) == units
    assert len(choose(units, 1, seed=7)) == 1  # at least one unit


@pytest.mark.e2e  # starts a process
def test_verify_command_exits_non_zero_and_writes_nothing(tmp_path):
    units = make_book(tmp_path)
    store = tmp_path / "store"
    Engine(tmp_path, store_dir=store).run(units)
    [path] = entry_files(store)
    entry = json.loads(path.read_text(encoding="utf-8"))
    entry["outputs"]["hello"] = "hello 41\n"
    entry["digest"] = store_module.entry_digest(entry)
    path.write_text(json.dumps(entry), encoding="utf-8")
    written = path.read_bytes()
    result = subprocess.run(
        [sys.executable, "-m", "bookkit.tools.verify", "--sample", "100"], cwd=tmp_path,
        env=book_env(BOOK_STORE=str(store), BOOK_PRELOAD=""), capture_output=True, text=True,
        timeout=300,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "sample of 100%" in result.stdout
    assert "verify: 1 units checked, 1 differ" in result.stdout
    assert path.read_bytes() == written


# --- concurrent writers -------------------------------------------------------------------
WRITER = textwrap.dedent("""\
    import sys
    from pathlib import Path
    from bookkit.exec.store import Store

    store, who, count = Store(Path(sys.argv[1])), sys.argv[2], int(sys.argv[3])
    for i in range(count):
        for key in ("a" * 64, who * 64):  # one key both write, one of its own
            text = f"{who}{i:06d}\\n" * 20000  # about 160 kB: many write() calls each
            store.put({"key": key, "unit": "docs/p.md:s", "outputs": {"b": text},
                       "inputs": {}, "machine": {"by": who}, "executed_at": str(i),
                       "seconds": 0.0})
    print("done", who)
""")


@pytest.mark.e2e  # starts a process
def test_concurrent_writers_never_show_a_reader_a_partial_entry(tmp_path, caplog):
    store_dir = tmp_path / "store"
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(store_dir), who, "150"],
                         env=book_env(), cwd=ROOT, stdout=subprocess.PIPE, text=True)
        for who in ("b", "c")
    ]
    store = Store(store_dir)
    hits = misses = 0
    deadline = time.monotonic() + 240
    while any(w.poll() is None for w in writers) and time.monotonic() < deadline:
        for key in ("a" * 64, "b" * 64, "c" * 64):
            entry = store.get(key, unit="docs/p.md:s")
            if entry is None:
                misses += 1
                continue
            hits += 1
            text = entry["outputs"]["b"]
            first = text[:8]
            assert text == first * 20000 and first[0] == entry["machine"]["by"]
    for writer in writers:
        out, _ = writer.communicate(timeout=240)
        assert writer.returncode == 0 and out.startswith("done")
    assert store_warnings(caplog) == []  # no read ever saw a partial or corrupt entry
    assert hits > 50, (hits, misses)
    assert sorted(p.name[:1] for p in entry_files(store.directory)) == ["a", "b", "c"]
    assert list(store_dir.rglob("*.tmp")) == []
    for key in ("a" * 64, "b" * 64, "c" * 64):
        assert store.get(key) is not None


def test_a_strict_build_runs_a_unit_with_a_corrupt_entry_again_and_says_so(mini_book):
    mini_book.page("index.md", '# 쪽\n\n```python exec="on" id="one" result="text"\n'
                               '--8<-- "snippets/one.py"\n```\n')
    mini_book.snippet("one.py", "print('one', 1 + 1)\n")
    store = mini_book.root / "store"
    mini_book.env["BOOK_STORE"] = str(store)
    assert mini_book.build().returncode == 0
    [path] = entry_files(store)
    path.write_bytes(b"\xff\xfe\x00 not an entry")
    result = mini_book.build()
    assert result.returncode == 0, result.stderr[-3000:]  # a warning of its own, not mkdocs'
    lines = [line for line in result.stderr.splitlines() if "unusable store entry" in line]
    assert len(lines) == 1 and str(path) in lines[0] and "docs/index.md:#one" in lines[0]
    assert "bookkit: 1 units executed, 0 reused" in result.stderr
    assert "one 2" in (mini_book.root / "site" / "index.html").read_text()


def test_the_docs_workflow_verifies_the_restored_store_before_using_it():
    import yaml

    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "docs.yml").read_text())
    steps = workflow["jobs"]["execute"]["steps"]
    names = [step.get("uses", "").split("@")[0] or step.get("run", "") for step in steps]
    restore = names.index("actions/cache")
    verify = next(i for i, run in enumerate(names) if "dev.py verify" in run)
    use = next(i for i, run in enumerate(names) if "dev.py build --shard" in run)
    assert restore < verify < use
    assert "if" not in steps[verify]  # every run verifies what it restored


@pytest.mark.e2e  # starts a process
def test_verify_from_a_copy_runs_elsewhere_and_again_only_what_it_has_not_confirmed(tmp_path,
                                                                                   capsys):
    from bookkit.tools.verify import verify

    book, store = tmp_path / "book", tmp_path / "store"
    book.mkdir()
    units = make_book(book, pages=3)
    subprocess.run(["git", "init", "-q"], cwd=book, check=True)  # the copy is what git lists
    engine = Engine(book, store_dir=store)
    engine.run(units)

    def checked(**options) -> str:
        code = verify(book, store_dir=store, copy=True, **options)
        out = capsys.readouterr().out
        return f"{code} " + re.search(r"verify: (\d+ units checked, \d+ differ)", out)[1]

    assert checked() == "0 3 units checked, 0 differ"
    assert checked() == "0 0 units checked, 0 differ"  # every entry confirmed and stamped
    assert checked(every=True) == "0 3 units checked, 0 differ"

    # A forged entry (digest recomputed) is not covered by the stamp of the entry it replaced.
    session = next(u for u in units if u.session == "s")
    path = Store(store).path(session.key(engine.fingerprint))
    edit(path, lambda entry: entry["outputs"].update(hello="hello 41\n"))
    edit(path, lambda entry: entry.update(digest=store_module.entry_digest(entry)))
    assert checked() == "1 1 units checked, 1 differ"

    # The copy is another folder: an output that names the book's folder differs there.
    (book / "where.py").write_text("from pathlib import Path\nBOOK = Path(__file__).parent\n")
    (book / "snippets" / "x1.py").write_text("import where\nprint(where.BOOK)\n")
    Engine(book, store_dir=store).run(units_of_book(book))
    assert checked() == "1 2 units checked, 2 differ"


@pytest.mark.e2e  # starts a process
def test_verify_from_a_copy_stamps_no_entry_that_omits_an_input(tmp_path, capsys):
    """An entry whose inputs leave out a file its unit reads would be reused after that file
    changed; a stamp would hide it from every later ``--copy``. So it is never stamped."""
    from bookkit.tools.verify import verify

    book, store = tmp_path / "book", tmp_path / "store"
    book.mkdir()
    make_book(book, pages=2)
    (book / "data.py").write_text("VALUE = 1\n")
    (book / "snippets" / "x1.py").write_text("import data\nprint(data.VALUE)\n")
    subprocess.run(["git", "init", "-q"], cwd=book, check=True)
    engine = Engine(book, store_dir=store)
    units = units_of_book(book)
    engine.run(units)
    x1 = next(unit for unit in units if unit.page == "docs/x1.md")
    path = Store(store).path(x1.key(engine.fingerprint))
    edit(path, lambda entry: entry["inputs"].pop("data.py"))
    edit(path, lambda entry: entry.update(digest=store_module.entry_digest(entry)))

    assert verify(book, store_dir=store, copy=True) == 0
    out = capsys.readouterr().out
    assert f"verify: {x1.name}: not stamped: it read data.py, which its entry does not list" in out
    assert verify(book, store_dir=store, copy=True) == 0
    assert "verify: 1 units checked, 0 differ" in capsys.readouterr().out  # x1 again


@pytest.mark.e2e  # starts a process
def test_verify_checks_the_units_a_secondary_store_answers(tmp_path, capsys, monkeypatch):
    from bookkit.tools.verify import verify

    book = tmp_path / "book"
    book.mkdir()
    units = make_book(book, pages=2)
    subprocess.run(["git", "init", "-q"], cwd=book, check=True)
    Engine(book, store_dir=tmp_path / "restored").run(units)
    monkeypatch.setenv("BOOK_SECONDARY_STORE", str(tmp_path / "restored"))
    for copy in (False, True):
        assert verify(book, store_dir=tmp_path / "empty", copy=copy) == 0
        assert "verify: 2 units checked, 0 differ" in capsys.readouterr().out
