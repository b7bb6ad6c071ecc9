"""Two builds from two copies of the book, executing their units apart, give the same pages.

The real book built for the other site tests is one build; a copy of the working tree in
another folder, with a store of its own, is the other. Every page, the search index and the
offered notebooks must be identical, except outputs the page declares as measurements
(front matter ``measurements:``), which are masked on both sides.

The copy is built by the first test a run starts (``tests/real_book.py`` orders it first), so
it runs beside the real book's build on another xdist worker. A proof that passed is remembered
(``.cache/bookkit/builds-proven/``) under the digest of everything it depends on: the code of
every unit (its key, which holds its environment), every file of the copy except the pages'
Markdown (their fences are in the unit keys; their prose is rendered by the same code on both
sides), the installed packages and the rest of ``tests/proven.py``'s inputs digest. A prose
edit reuses the proof; a changed fence, snippet, helper module, build code or package runs it
again.

Each unit is remembered too (``.cache/bookkit/units-proven/``, by its key): once two builds
gave the same pages, every unit they executed apart is proven to print the same when executed
again. The copy's store starts with the checkout's entries of the proven units only, so after
a snippet edit or a change to the build code the copy executes the units not proven yet (on a
fresh clone, all of them) and still builds and compares every page.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import html
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import MKDOCS, ROOT, book_env, made_once
from proven import BUILD_PROOFS as PROVEN
from proven import UNIT_PROOFS, inputs_digest, used

from bookkit.exec.engine import book_units
from bookkit.exec.fingerprint import fingerprint
from bookkit.exec.store import Digests, Store
from bookkit.files import write_atomically
from bookkit.manifest import read_manifest
from bookkit.settings import load
from bookkit.tools import bench


@functools.cache
def unit_keys(root: Path = ROOT) -> dict[str, str]:
    """The key of every unit of the book, by the unit's name."""
    environment = fingerprint(root, load().device)
    return {unit.name: unit.key(environment) for unit in book_units(root)}


@functools.cache
def proof_key(root: Path = ROOT) -> str:
    """The digest of what two cold builds being identical depends on (the module docstring)."""
    digest = hashlib.sha256()
    for key in sorted(unit_keys(root).values()):
        digest.update(f"unit {key}\n".encode())
    digest.update(f"inputs {inputs_digest(root)}\n".encode())  # all but the prose (proven.py)
    return digest.hexdigest()


def seed_proven_units(store: Path, keys: dict[str, str], root: Path = ROOT,
                      proofs: Path = UNIT_PROOFS) -> list[str]:
    """Put into ``store`` the entries of root's store (``load().store_dir(root)``) for the units
    proven to execute the same again, and return their names. A unit is proven for one entry
    (its digest is in the proof) and only while the files that entry's run read are unchanged:
    else the copy executes it."""
    seeded, source, target = [], Store(load().store_dir(root)), Store(store)
    digests = Digests(root)
    for name, key in sorted(keys.items()):
        proof = proofs / key
        kept = _read(proof)
        entry = source.get(key, name) if kept is not None else None
        if entry is not None and _proof_text(name, entry) == kept \
                and not digests.changed(entry["inputs"]) and used(proof):
            target.put(entry)
            seeded.append(name)
    return seeded


def _proof_text(name: str, entry: dict) -> str:
    return f"{name}\n{entry['digest']}\n"


def _read(proof: Path) -> str | None:
    try:
        return proof.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def remember_units(keys: dict[str, str], root: Path = ROOT, proofs: Path = UNIT_PROOFS) -> None:
    """Remember each of these units, executed apart by both builds, with its entry's digest."""
    source = Store(load().store_dir(root))
    for name, key in keys.items():
        entry = source.get(key, name)
        if entry is not None:
            write_atomically(proofs / key, _proof_text(name, entry).encode())


@pytest.fixture(scope="session")
def unproven_builds() -> None:
    """Skips the tests when two cold builds of this code, build and environment were proven
    identical before (first among a test's fixtures, so no copy is built)."""
    proof = PROVEN / proof_key()
    if used(proof):
        pytest.skip(f"proven for this code, build and environment ({proof.relative_to(ROOT)})")


@pytest.fixture(scope="session")
def cold_copy(tmp_path_factory, worker_id, font_cache) -> Path:
    """A copy of the working tree built once per run with a store of its own, holding only the
    proven units (:func:`seed_proven_units`): the folder holds ``site/``, ``manifest.json``,
    the build's ``build.log`` and ``seeded.json`` (the names of the units seeded)."""

    def make(folder: Path) -> None:
        copy = folder / "copy"
        seeded = seed_proven_units(folder / "store", unit_keys())
        (folder / "seeded.json").write_text(json.dumps(seeded), encoding="utf-8")
        bench.copy_tree(copy)
        shutil.copytree(font_cache, copy / ".cache" / "bookkit" / "font")  # cut once a run
        env = book_env(BOOK_STORE=str(folder / "store"),
                       BOOK_MANIFEST=str(folder / "manifest.json"))
        env["PYTHONPATH"] = str(copy)
        result = subprocess.run(
            [*MKDOCS, "build", "--strict", "--site-dir", str(folder / "site")], cwd=copy,
            env=env, capture_output=True, text=True, timeout=1800)
        (folder / "build.log").write_text(result.stderr, encoding="utf-8")
        assert result.returncode == 0, result.stderr[-4000:]

    return made_once(tmp_path_factory, worker_id, "cold-copy", make)


def compared_files(site: Path) -> dict[str, str]:
    files = sorted(site.rglob("*.html")) + sorted(site.rglob("*.ipynb"))
    files += [site / "search" / "search_index.json", site / "search" / "search_docs.json"]
    return {path.relative_to(site).as_posix(): path.read_text(encoding="utf-8") for path in files}


def masked(text: str, volatile: list[str]) -> str:
    """``text`` with every line of every measured output replaced, however it is escaped.

    Highlighted code puts markup between lines, so lines are masked one by one.
    """
    lines = {line.strip() for output in volatile for line in output.splitlines() if line.strip()}
    for line in sorted(lines, key=len, reverse=True):
        for form in {line, html.escape(line, quote=False), json.dumps(line)[1:-1]}:
            text = text.replace(form, "<measurement>")
    return text


@pytest.mark.cold
def test_a_cold_copy_executes_every_unit_not_proven(unproven_builds, cold_copy):
    seeded = json.loads((cold_copy / "seeded.json").read_text(encoding="utf-8"))
    executed = len(unit_keys()) - len(seeded)
    log = (cold_copy / "build.log").read_text(encoding="utf-8")
    assert f"{executed} units executed, {len(seeded)} reused" in log  # only the proven reused


@pytest.mark.cold
def test_two_cold_builds_from_two_copies_are_identical(unproven_builds, cold_copy, built_site):
    site, manifest = cold_copy / "site", cold_copy / "manifest.json"
    volatile = [entry["text"] for path in (manifest, built_site.parent / "manifest.json")
                for entry in read_manifest(path)["blocks"] if entry["volatile"]]
    ours, theirs = compared_files(built_site), compared_files(site)
    assert sorted(ours) == sorted(theirs)
    differing = [name for name in ours
                 if masked(ours[name], volatile) != masked(theirs[name], volatile)]
    first = differing[0] if differing else None
    shown = "" if first is None else "\n".join(list(difflib.unified_diff(
        masked(ours[first], volatile).splitlines(), masked(theirs[first], volatile).splitlines(),
        "one build", "the other", lineterm="", n=1))[:30])
    assert differing == [], shown
    # The units both builds executed apart, whose outputs were compared unmasked.
    seeded = set(json.loads((cold_copy / "seeded.json").read_text(encoding="utf-8")))
    measured = {entry["unit"] for entry in read_manifest(manifest)["blocks"] if entry["volatile"]}
    remember_units({name: key for name, key in unit_keys().items()
                    if name not in seeded | measured})
    PROVEN.mkdir(parents=True, exist_ok=True)
    (PROVEN / proof_key()).write_text("two cold builds identical\n", encoding="utf-8")


def test_the_proof_is_kept_across_a_prose_edit_and_not_across_a_code_edit(mini_book):
    mini_book.one_block_page("p", "import helper\nprint(helper.WORD)\n")
    (mini_book.root / "helper.py").write_text("WORD = 'hello'\n")
    subprocess.run(["git", "init", "-q"], cwd=mini_book.root, check=True)
    page = mini_book.root / "docs" / "p.md"

    def key() -> str:
        unit_keys.cache_clear()  # the book's files changed since
        return proof_key.__wrapped__(mini_book.root)

    first = key()
    page.write_text(page.read_text() + "\n한 문단을 더했습니다.\n")
    assert key() == first
    page.write_text(page.read_text().replace('id="p"', 'id="p2"'))  # the block's own options
    assert key() != first
    second = key()
    (mini_book.root / "helper.py").write_text("WORD = 'bonjour'\n")  # a module it imports
    assert key() != second
    third = key()
    mini_book.snippet("p.py", "import helper\nprint(helper.WORD * 2)\n")
    assert key() != third


def test_only_the_units_proven_are_seeded(tmp_path, monkeypatch):
    """A unit is seeded when proven for the entry stored now and the files its run read are
    unchanged; never one proven for another entry, or not proven, or not stored."""
    root, proofs = tmp_path / "root", tmp_path / "proofs"
    (root / "snippets").mkdir(parents=True)
    (root / "snippets" / "read.py").write_text("X = 1\n")
    monkeypatch.delenv("BOOK_STORE", raising=False)
    checkout = Store(load().store_dir(root))
    keys = {name: name[-1] * 64 for name in ("p:a", "p:b", "p:c", "p:d", "p:e")}
    digests = Digests(root)
    inputs = {"snippets/read.py": digests("snippets/read.py")}
    for name in ("p:a", "p:b", "p:d", "p:e"):  # c was never stored
        checkout.put({"key": keys[name], "unit": name, "outputs": {}, "inputs": inputs,
                      "machine": {}, "executed_at": "2026-01-01T00:00:00+00:00", "seconds": 0})
    remember_units({name: keys[name] for name in ("p:a", "p:c", "p:d", "p:e")}, root, proofs)
    entry = checkout.get(keys["p:d"])  # d is stored again, from another run: not what was proven
    checkout.put({**entry, "executed_at": "2026-02-02T00:00:00+00:00"})
    assert seed_proven_units(tmp_path / "copy", keys, root, proofs) == ["p:a", "p:e"]
    copy = Store(tmp_path / "copy")
    assert copy.get(keys["p:a"]) == checkout.get(keys["p:a"])
    assert [copy.get(keys[name]) for name in ("p:b", "p:c", "p:d")] == [None, None, None]
    (root / "snippets" / "read.py").write_text("X = 2\n")  # what their runs read changed
    assert seed_proven_units(tmp_path / "copy2", keys, root, proofs) == []
