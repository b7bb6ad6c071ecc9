"""The book is reproducible: run from a copy of the working tree in another folder, every unit
prints what the store holds, and the copy, built from that store, gives the same site.

- ``verify --copy`` (:mod:`bookkit.tools.verify`) re-executes, in a copy, every unit this
  run's build of the real book stored, except entries it confirmed before (stamped with their
  digest: an entry whose code, inputs or environment changed is a new entry and runs again).
  A measurement (front matter ``measurements:``) is compared with its numbers masked.
- The copy, built with this checkout's store and ``BOOK_REQUIRE_STORED=1`` (it may execute
  nothing), gives every page, the search index and the offered notebooks byte for byte: the
  site depends on the stored outputs and the sources, not on the folder or the run.

A fresh clone has no stamps, so there every unit runs twice: in the build and in the copy.
"""

from __future__ import annotations

import difflib
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import MKDOCS, ROOT, book_env, made_once

from bookkit.exec.engine import book_units
from bookkit.files import copy_tree


@pytest.fixture(scope="session")
def verified_copy(tmp_path_factory, worker_id, book_store) -> str:
    """What ``verify --copy`` printed, run once per run after the real book's build."""

    def make(folder: Path) -> None:
        result = subprocess.run(
            [sys.executable, "-m", "bookkit.tools.verify", "--copy"], cwd=ROOT,
            env=book_env(), capture_output=True, text=True, timeout=1800)
        (folder / "verify.log").write_text(
            f"exit {result.returncode}\n{result.stdout}{result.stderr}", encoding="utf-8")

    return (made_once(tmp_path_factory, worker_id, "verified-copy", make)
            / "verify.log").read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def copy_site(tmp_path_factory, worker_id, book_store, font_cache) -> Path:
    """A copy of the working tree built from this checkout's store, executing nothing."""

    def make(folder: Path) -> None:
        copy = folder / "copy"
        copy_tree(copy)
        shutil.copytree(font_cache, copy / ".cache" / "bookkit" / "font")  # cut once a run
        env = book_env(BOOK_STORE=str(book_store), BOOK_REQUIRE_STORED="1",
                       BOOK_MANIFEST=str(folder / "manifest.json"))
        env["PYTHONPATH"] = str(copy)
        result = subprocess.run(
            [*MKDOCS, "build", "--strict", "--site-dir", str(folder / "site")], cwd=copy,
            env=env, capture_output=True, text=True, timeout=1800)
        assert result.returncode == 0, result.stderr[-4000:]

    return made_once(tmp_path_factory, worker_id, "copy-site", make) / "site"


def names(line: str, log: str) -> set[str]:
    found = re.search(rf"^verify: {line} \(\d+\): (.*)$", log, re.MULTILINE)
    return set(found[1].split(", ")) if found else set()


@pytest.mark.cold
def test_every_unit_prints_the_same_when_run_from_a_copy(verified_copy):
    log = verified_copy
    assert log.startswith("exit 0\n"), log[-6000:]
    assert "verify: from a copy of the working tree" in log
    checked = int(re.search(r"^verify: (\d+) units checked, 0 differ$", log, re.MULTILINE)[1])
    assert not names("not stored or stale, not checked", log), log
    confirmed = names("confirmed from a copy before, not run again", log)
    assert checked + len(confirmed) == len(book_units(ROOT)), log


def compared_files(site: Path) -> dict[str, bytes]:
    files = sorted(site.rglob("*.html")) + sorted(site.rglob("*.ipynb"))
    files += [site / "search" / "search_index.json", site / "search" / "search_docs.json"]
    return {path.relative_to(site).as_posix(): path.read_bytes() for path in files}


@pytest.mark.e2e  # builds the copy
def test_a_copy_built_from_the_store_gives_the_same_site(copy_site, built_site):
    ours, theirs = compared_files(built_site), compared_files(copy_site)
    assert sorted(ours) == sorted(theirs)
    differing = [name for name in ours if ours[name] != theirs[name]]
    shown = "" if not differing else "\n".join(list(difflib.unified_diff(
        ours[differing[0]].decode().splitlines(), theirs[differing[0]].decode().splitlines(),
        "this build", "the copy's", lineterm="", n=1))[:30])
    assert differing == [], shown
