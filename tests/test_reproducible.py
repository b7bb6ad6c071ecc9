"""Two builds from two copies of the book, each executing everything cold, give the same pages.

The real book built for the other site tests is one build; a copy of the working tree in
another folder, with an empty store of its own, is the other. Every page, the search index and
the offered notebooks must be identical, except outputs the page declares as measurements
(front matter ``measurements:``), which are masked on both sides.

The copy is built by the first test a run starts (``tests/real_book.py`` orders it first), so
it runs beside the real book's build on another xdist worker. A proof that passed is remembered
(``.cache/bookkit/builds-proven/``) under the digest of everything it depends on: the code of
every unit (its key, which holds its environment), every file of the copy except the pages'
Markdown (their fences are in the unit keys; their prose is rendered by the same code on both
sides), the installed packages and the rest of ``tests/proven.py``'s inputs digest. A prose
edit reuses the proof; a changed fence, snippet, helper module, build code or package runs it
again.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import html
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import MKDOCS, ROOT, book_env, made_once
from proven import BUILD_PROOFS as PROVEN
from proven import inputs_digest

from bookkit.exec.engine import book_units
from bookkit.exec.fingerprint import fingerprint
from bookkit.manifest import read_manifest
from bookkit.settings import load
from bookkit.tools import bench


@functools.cache
def proof_key(root: Path = ROOT) -> str:
    """The digest of what two cold builds being identical depends on (the module docstring)."""
    digest = hashlib.sha256()
    environment = fingerprint(root, load().device)
    for key in sorted(unit.key(environment) for unit in book_units(root)):
        digest.update(f"unit {key}\n".encode())
    digest.update(f"inputs {inputs_digest(root)}\n".encode())  # all but the prose (proven.py)
    return digest.hexdigest()


@pytest.fixture(scope="session")
def unproven_builds() -> None:
    """Skips the tests when two cold builds of this code, build and environment were proven
    identical before (first among a test's fixtures, so no copy is built)."""
    proof = PROVEN / proof_key()
    if proof.exists():
        os.utime(proof)  # used: kept by tests/proven.py's prune_files
        pytest.skip(f"proven for this code, build and environment ({proof.relative_to(ROOT)})")


@pytest.fixture(scope="session")
def cold_copy(tmp_path_factory, worker_id, font_cache) -> Path:
    """A copy of the working tree built once per run with an empty store of its own: the
    folder holds ``site/``, ``manifest.json`` and the build's ``build.log``."""

    def make(folder: Path) -> None:
        copy = folder / "copy"
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
def test_a_cold_copy_executes_every_unit(unproven_builds, cold_copy):
    log = (cold_copy / "build.log").read_text(encoding="utf-8")
    assert "units executed, 0 reused" in log  # nothing came from a store


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
    PROVEN.mkdir(parents=True, exist_ok=True)
    (PROVEN / proof_key()).write_text("two cold builds identical\n", encoding="utf-8")


def test_the_proof_is_kept_across_a_prose_edit_and_not_across_a_code_edit(mini_book):
    mini_book.one_block_page("p", "import helper\nprint(helper.WORD)\n")
    (mini_book.root / "helper.py").write_text("WORD = 'hello'\n")
    subprocess.run(["git", "init", "-q"], cwd=mini_book.root, check=True)
    page = mini_book.root / "docs" / "p.md"

    def key() -> str:
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
