"""Tests proven by an earlier run, with the same inputs, are not run again.

A test that passed is remembered (``.cache/bookkit/tests-proven/``, one folder per inputs, the
last :data:`KEEP` kept) under the digest of its inputs: its node id, every file of the working
tree except the pages' prose (``docs/**/*.md``), the installed packages, the interpreter, the
``BOOK_*`` variables and the programs it may start (node, Chromium, git). The next run reports
it skipped as proven while that digest is the same. So after a prose edit a run repeats only the
tests that can see prose: it proves what changed.

Only a test that provably never saw the prose is remembered:

- it does not need the real book (``built_site``, ``book_store``, the fences under ``docs/``);
- its module read no prose while it was collected;
- while it ran, neither it nor any process it started read the prose or what is made from it
  (``site/``, ``.cache/``), and it started no process that the watch cannot follow
  (``tests/prose_watch/``: an audit hook in this process and, through ``sitecustomize``, in
  every Python child).

``--prove-all`` (tests/conftest.py) runs every test anyway; ``dev.py test --fresh`` forgets
every proof with the other caches. A fresh clone (CI) has none, so it runs everything.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
from importlib.metadata import distributions
from pathlib import Path

import pytest

from bookkit.files import write_atomically
from bookkit.settings import environment, replace_environment

ROOT = Path(__file__).resolve().parent.parent
PROVEN = ROOT / ".cache" / "bookkit" / "tests-proven"
WATCH = Path(__file__).resolve().parent / "prose_watch"
sys.path.insert(0, str(WATCH))
import prose_hook  # noqa: E402

KEEP = 8  # inputs whose proofs are kept (:func:`prune`)
# Proofs kept as one file each: two cold builds identical and the units they executed the
# same (tests/test_reproducible.py), and offered notebooks that ran (tests/notebook_runs.py).
# A proof that is used is touched.
BUILD_PROOFS = ROOT / ".cache" / "bookkit" / "builds-proven"
UNIT_PROOFS = ROOT / ".cache" / "bookkit" / "units-proven"  # a unit that executed the same twice
NOTEBOOK_PROOFS = ROOT / ".cache" / "bookkit" / "notebooks-proven"
TOOLS = ("node", "chromium", "git")  # programs a test may start: their files are inputs too


def inputs_digest(root: Path = ROOT) -> str:
    """The digest of what every test here may depend on but the prose (module docstring)."""
    from bookkit.tools.bench import tree_files

    digest = hashlib.sha256()
    for name in tree_files(root):
        if not (name.startswith("docs/") and name.endswith(".md")):
            digest.update(f"file {name} ".encode()
                          + hashlib.sha256((root / name).read_bytes()).digest() + b"\n")
    for package in sorted(f"{d.metadata['Name']}=={d.version}" for d in distributions()):
        digest.update(f"package {package}\n".encode())
    for tool in TOOLS:
        path = shutil.which(tool)
        stat = os.stat(path) if path else None
        digest.update(f"tool {tool} {path} {stat and (stat.st_size, stat.st_mtime_ns)}\n".encode())
    variables = {name: value for name, value in environment().items()
                 if name.startswith("BOOK_") or name == "PYTHONHASHSEED"}
    digest.update(json.dumps([sys.version, variables], sort_keys=True).encode())
    return digest.hexdigest()


def prune(proven: Path, current: Path, keep: int = KEEP) -> None:
    """Remove the proofs of all inputs but ``current``'s and those of the ``keep - 1`` others a
    run used last (the next run after a code change never reads the old ones; switching back
    to a branch does, for a while)."""
    current.mkdir(parents=True, exist_ok=True)
    os.utime(current)
    others = sorted((folder for folder in proven.iterdir()
                     if folder.is_dir() and folder != current
                     and len(folder.name) == len(current.name)),
                    key=lambda folder: folder.stat().st_mtime_ns, reverse=True)
    kept = {current, *others[: keep - 1]}
    for folder in proven.iterdir():
        if folder in kept:
            continue
        if folder.is_dir():
            shutil.rmtree(folder, ignore_errors=True)
        else:
            folder.unlink(missing_ok=True)


def used(proof: Path) -> bool:
    """Whether ``proof`` exists; it is touched if so, which keeps it in :func:`prune_files`
    (one pruned by another run meanwhile counts as missing)."""
    try:
        os.utime(proof)
    except FileNotFoundError:
        return False
    return True


def proof_name(path: Path) -> str:
    """What a unit or notebook proof is of: its first line (the unit's or notebook's name)."""
    return path.read_text(encoding="utf-8", errors="replace").partition("\n")[0]


def prune_files(folder: Path, keep: int = KEEP, group=lambda path: "") -> None:
    """Remove all but the ``keep`` newest files of ``folder`` in each ``group(path)`` (a proof
    is touched when it is used, so the newest are those proved or used last). A file that
    vanishes meanwhile, or is still being written (``*.tmp``), is left to its writer."""
    groups: dict[str, list[tuple[int, Path]]] = {}
    for path in folder.iterdir() if folder.is_dir() else []:
        if path.suffix == ".tmp":
            continue
        try:
            groups.setdefault(group(path), []).append((path.stat().st_mtime_ns, path))
        except OSError:
            continue
    for paths in groups.values():
        paths.sort(reverse=True)
        for _, path in paths[keep:]:
            path.unlink(missing_ok=True)


def prune_all() -> None:
    """Prune every kind of proof: one process of a run does it, before its tests run."""
    prune(PROVEN, PROVEN / inputs_digest()[:24])
    prune_files(BUILD_PROOFS)
    prune_files(UNIT_PROOFS, group=proof_name)
    prune_files(NOTEBOOK_PROOFS, group=proof_name)


def _pythonpath_with(folder: Path) -> str:
    return os.pathsep.join([str(folder), *filter(None, [environment().get("PYTHONPATH")])])


class Proofs:
    """This test process's watch, and the proofs it reads and writes (a pytest plugin)."""

    def __init__(self, config) -> None:
        self.config = config
        self.prove_all = config.getoption("--prove-all")
        self.inputs = inputs_digest()
        self.folder = PROVEN / self.inputs[:24]  # this tree's proofs
        handle, log = tempfile.mkstemp(prefix="prose-watch-", suffix=".log")
        os.close(handle)
        self.log = Path(log)
        self.mark = 0
        self.reading_modules: set[str] = set()  # whose top-level code read prose at collection
        self.unprovable_paths: set[Path] = set()
        self.remembered = 0
        self.proven = 0
        replace_environment({prose_hook.LOG: log, prose_hook.ROOT: str(ROOT),
                             "PYTHONPATH": _pythonpath_with(WATCH)})
        # Not prose: the proofs, and the site font's cut of the committed characters (copied by
        # tests/real_book.py's font_cache; the cut's name is its characters' digest).
        ignored = tuple(f"{folder}{os.sep}" for folder in (PROVEN, ROOT / ".cache/bookkit/font"))
        prose_hook.install(log, str(ROOT), ignored=ignored, frames=True)

    # --- the log ------------------------------------------------------------------------
    def lines_since_mark(self) -> list[str]:
        with self.log.open("rb") as log:
            log.seek(self.mark)
            lines = log.read().decode("utf-8", "replace").splitlines()
        self.mark = self.log.stat().st_size
        return lines

    def set_mark(self) -> None:
        self.mark = self.log.stat().st_size

    # --- collection: a module that reads prose while collected is never proven ----------
    @pytest.hookimpl(hookwrapper=True)
    def pytest_make_collect_report(self, collector):
        self.set_mark()
        yield
        lines = self.lines_since_mark()
        if lines and getattr(collector, "path", None) is not None:
            self.unprovable_paths.add(collector.path)
            for line in lines:
                self.reading_modules.update(line.partition(" by ")[2].split())

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items):
        """Modules whose import read prose, and every test module that imports one of them."""
        helpers = self.reading_modules - {"__main__"}
        modules = {item.module for item in items if getattr(item, "module", None) is not None}
        for module in modules:
            source = Path(module.__file__).read_text(encoding="utf-8")
            if module.__name__ in helpers or any(
                    name.rpartition(".")[2] in source for name in helpers):
                self.unprovable_paths.add(Path(module.__file__))

    # --- running --------------------------------------------------------------------------
    def provable(self, item) -> bool:
        from real_book import needs_the_book

        # A folder's collector that read prose (a conftest, a plugin deciding what to collect)
        # makes every test under it unprovable.
        return not needs_the_book(item) and not any(
            item.path.is_relative_to(unprovable) for unprovable in self.unprovable_paths)

    def proof(self, item) -> Path:
        impl = item.config.getoption("--impl", default="solution")
        key = hashlib.sha256(f"{self.inputs}\0{item.nodeid}\0{impl}".encode()).hexdigest()
        return self.folder / key

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item):
        if not self.prove_all and self.provable(item) and self.proof(item).exists():
            self.proven += 1
            pytest.skip("proven by an earlier run with the same inputs, prose aside "
                        "(tests/proven.py; --prove-all runs it)")

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        report = outcome.get_result()
        item.stash.setdefault(PHASES, []).append(report.passed and not hasattr(report, "wasxfail"))

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        self.set_mark()
        yield
        seen = self.lines_since_mark()
        phases = item.stash.get(PHASES, [])
        if seen and self.config.getoption("verbose") > 1:
            print(f"\n{item.nodeid} is not remembered:", *seen[:5], sep="\n    ")
        if self.provable(item) and not seen and len(phases) == 3 and all(phases):
            write_atomically(self.proof(item), f"{item.nodeid}\n".encode())
            self.remembered += 1

    def pytest_terminal_summary(self, terminalreporter):
        if self.proven or self.remembered:
            terminalreporter.write_line(
                f"tests/proven.py: {self.proven} skipped as proven earlier with the same inputs, "
                f"{self.remembered} passed and remembered")

    def pytest_unconfigure(self):
        self.log.unlink(missing_ok=True)


PHASES = pytest.StashKey[list]()  # of a test: whether each phase it ran passed
