"""Two builds from two copies of the book, executing their units apart, give the same pages.

The real book built for the other site tests is one build; a copy of the working tree in
another folder, with a store of its own, is the other. Every page, the search index and the
offered notebooks must be identical, except outputs the page declares as measurements
(front matter ``measurements:``), which are masked on both sides.

The copy is built by the first test a run starts (``tests/real_book.py`` orders it first), so
it runs beside the real book's build on another xdist worker. Its store starts empty: every
run executes every unit of the copy, and nothing of an earlier run is reused.
"""

from __future__ import annotations

import difflib
import html
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import MKDOCS, ROOT, book_env, made_once

from bookkit.exec.engine import book_units
from bookkit.manifest import read_manifest
from bookkit.tools import bench


@pytest.fixture(scope="session")
def cold_copy(tmp_path_factory, worker_id, font_cache) -> Path:
    """A copy of the working tree built once per run with an empty store of its own: the folder
    holds ``site/``, ``manifest.json`` and the build's ``build.log``."""

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
def test_a_cold_copy_executes_every_unit(cold_copy):
    log = (cold_copy / "build.log").read_text(encoding="utf-8")
    assert f"{len(book_units(ROOT))} units executed, 0 reused" in log


@pytest.mark.cold
def test_two_cold_builds_from_two_copies_are_identical(cold_copy, built_site):
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
