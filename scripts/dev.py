#!/usr/bin/env python3
"""The project's one task runner; README, CONTRIBUTING, the Makefile and CI call only this.

    python3 scripts/dev.py serve                 # local site at http://127.0.0.1:8000
    python3 scripts/dev.py test [--fresh]        # every check CI runs (lint, recordings, pytest)
    python3 scripts/dev.py test --quick          # the same, pytest only in the tiers unit and book
    python3 scripts/dev.py build [--fresh]       # strict build into site/
    python3 scripts/dev.py build --shard I/N     # run shard I of N of the units into the store
    python3 scripts/dev.py shard-plan --shards N # shard-plan.json: units split by stored run time
    python3 scripts/dev.py pdf                   # the built site as one PDF: site/book.pdf
    python3 scripts/dev.py font                  # the site font's characters from site/
    python3 scripts/dev.py lint | recordings-check | pytest [ARGS]  # one step of `test`
    python3 scripts/dev.py merge STORE...        # copy shards' stores into this one
    python3 scripts/dev.py prune [--days N]      # remove store entries the last build left unused
    python3 scripts/dev.py record [--device cpu|cuda] [SNIPPET ...]
    python3 scripts/dev.py bench [--repeat N] [--warm-store] [--serve]  # fresh builds, serve
    python3 scripts/dev.py bench --search        # search query set, with and without Korean field
    python3 scripts/dev.py bench --pages         # bytes each page downloads, first load and next
    python3 scripts/dev.py bench --tests         # pytest step: fresh clone, prose and snippet edits
    python3 scripts/dev.py bench --scale 1 3 10 [--shards 4]  # the book against N-times copies
    python3 scripts/dev.py diff [BASE] [--out F] # which printed outputs differ from BASE (main)
    python3 scripts/dev.py verify [--sample PCT] [--seed N]  # re-execute stored units, compare
    python3 scripts/dev.py verify --copy [--all]             # ... from a copy; confirmed ones once
    python3 scripts/dev.py drift --torch 2.15.0 [--torch X.whl] [--out F]  # what a release changes
    python3 scripts/dev.py exercises [--check]   # regenerate (or check) stubs and lab notebook
    python3 scripts/dev.py exercise list | start NAME | check NAME   # a student's workflow
    python3 scripts/dev.py test-exercises        # exercise tests against the stubs in labs/
    python3 scripts/dev.py lab                   # print the autograd_bugs lab's report
    python3 scripts/dev.py clean                 # remove the site and every cache
    python3 scripts/dev.py recordings-validate DIR [--require DEVICE]   # no .venv needed
    python3 scripts/dev.py env [--docs] [--cpu-torch]  # create or update .venv (--docs: build only;
                                                 # --cpu-torch: torch's CPU build, on Linux)
    python3 scripts/dev.py lock [--check]        # re-pin requirements*.lock from pyproject.toml

Needs nothing but Python 3.11+ with pip: the first task creates ``.venv`` and installs the
locked environment (``requirements-dev.lock``, or ``requirements.lock`` for the tasks that only
build); it is reinstalled when a lock or ``pyproject.toml`` changes. Every task runs with the
same environment (``PYTHONHASHSEED=0`` among it), so the tested build is the deployed build.
``--fresh`` empties the execution store first, so every unit runs cold.

A step of ``test`` passes only if it exits 0 *and* printed its tool's own summary line: a
process that exits 0 halfway through does not read as a pass.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import tomllib
import venv
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # bookkit.settings: standard library only, needs no .venv
from bookkit.settings import child_environment  # noqa: E402

VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"
ENVIRONMENT = {"NO_MKDOCS_2_WARNING": "1", "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT)}
CACHES = [ROOT / ".cache" / "bookkit", ROOT / ".cache" / "mkdocs-jupyter"]


class StepFailed(RuntimeError):
    pass


def run(*command: str | Path, summary: str | None = None) -> None:
    """Run a command in the project environment; with ``summary``, require that line."""
    print("+", " ".join(str(part) for part in command), flush=True)
    env = child_environment(**ENVIRONMENT)
    if summary is None:
        if subprocess.run([str(p) for p in command], cwd=ROOT, env=env).returncode != 0:
            raise StepFailed(f"{command[0]} exited with an error")
        return
    tail: deque[str] = deque(maxlen=40)

    def relay(stream) -> None:
        for line in stream:
            sys.stdout.write(line)
            tail.append(line)

    process = subprocess.Popen([str(p) for p in command], cwd=ROOT, env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    reader = threading.Thread(target=relay, args=(process.stdout,), daemon=True)
    reader.start()
    process.wait()
    # A process the command left behind may still hold the pipe: read what is there, then go.
    reader.join(timeout=5)
    if reader.is_alive():
        print(f"warning: a process left by {command[0]} still holds its output; not waiting",
              flush=True)
    if process.returncode != 0:
        raise StepFailed(f"{command[0]} exited with code {process.returncode}")
    if not re.search(summary, "".join(tail), re.M):
        raise StepFailed(f"{command[0]} exited 0 without its summary line (/{summary}/)")


PROFILES = {"docs": "requirements.lock", "dev": "requirements-dev.lock"}


def torch_pin() -> str:
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pins = [d for d in dependencies["project"]["dependencies"] if d.startswith("torch==")]
    return pins[0]


def ensure_environment(profile: str = "dev", task: str = "") -> None:
    """Create .venv and install a lock into it (``docs``: the build; ``dev``: everything).

    The lock is installed with hashes and without resolving anything; torch, which the locks
    leave out (scripts/lock.py), is installed next by version and finds its other dependencies
    already there; then the project itself, editable, for its ``mkdocs.plugins`` entry point
    (``source .venv/bin/activate && mkdocs serve`` works). A dev environment serves docs tasks
    too.
    """
    digest = hashlib.sha256(
        b"".join((ROOT / name).read_bytes() for name in (*PROFILES.values(), "pyproject.toml"))
    ).hexdigest()[:16]
    wanted = [f".installed-{p}-{digest}" for p in (("dev",) if profile == "dev" else
                                                     ("dev", "docs"))]
    if any((VENV / stamp).exists() for stamp in wanted):
        return
    what = "everything, test tools included" if profile == "dev" else "what the build needs"
    print(f"{task or 'dev.py'}: installing .venv's {profile} environment ({what}) from "
          f"{PROFILES[profile]}; the first time downloads about 3 GB (torch with its CUDA "
          "libraries) and takes a few minutes; later runs only check it", flush=True)
    if not PYTHON.exists():
        print(f"creating {VENV}", flush=True)
        venv.create(VENV, with_pip=True)
    # pip's own progress bars on a terminal, its quiet mode elsewhere (CI logs)
    quiet = [] if sys.stdout.isatty() else ["--quiet"]
    steps = [
        (f"the packages of {PROFILES[profile]}",
         ["--require-hashes", "--no-deps", "-r", ROOT / PROFILES[profile]]),
        (torch_pin(), [torch_pin()]),
        # The project itself, editable and without resolving anything: its entry point is
        # how MkDocs finds the bookkit plugin, so `mkdocs serve` works in the activated .venv.
        ("this project, editable", ["--no-deps", "--no-build-isolation", "--editable", ROOT]),
    ]
    for number, (label, arguments) in enumerate(steps, 1):
        print(f"[{number}/{len(steps)}] installing {label}", flush=True)
        started = time.perf_counter()
        run(PYTHON, "-m", "pip", "install", *quiet, *arguments)
        print(f"      done in {time.perf_counter() - started:.0f} s", flush=True)
    for old in VENV.glob(".installed-*"):
        old.unlink()
    (VENV / f".installed-{profile}-{digest}").touch()


PARALLEL = ["-n", "auto", "--maxprocesses=4", "--dist", "load", "--maxschedchunk=1"]
# The steps of `test`, in order: (command, the summary line it must print).
STEPS: dict[str, tuple[list[str | Path], str]] = {
    "lint": ([BIN / "ruff", "check", "."], r"^All checks passed!"),
    "recordings-check": ([PYTHON, "-m", "bookkit.recordings", "check"],
                         r"^recordings check: 0 problem\(s\)"),
    # On every core (at most 4), a test at a time in the order tests/real_book.py gives.
    "pytest": ([PYTHON, "-m", "pytest", "-q", "--durations=5", *PARALLEL],
               r"^=*\s*\d+ passed.* in [\d.]+s"),
}


def fresh() -> None:
    for cache in CACHES:
        if cache.exists():
            print(f"removing {cache.relative_to(ROOT)}", flush=True)
            shutil.rmtree(cache)


# `test --quick`: the edit loop's tier. No process-starting test (e2e) and no cold re-execution
# (cold): the unit tests, and the real book's fences and site from the store the build filled.
QUICK_TIERS = "unit or book"


def test(names: list[str], quick: bool = False) -> None:
    timings: list[tuple[str, float]] = []
    for name in names:
        command, summary = STEPS[name]
        if quick and name == "pytest":
            command = [*command, "-m", QUICK_TIERS]
        start = time.perf_counter()
        run(*command, summary=summary)
        timings.append((name, time.perf_counter() - start))
    print("\nstep timings:")
    for name, seconds in timings:
        print(f"  {name:<18} {seconds:7.1f} s")


@dataclass(frozen=True)
class Task:
    help: str
    action: Callable[[argparse.Namespace], None]
    options: Callable[[argparse.ArgumentParser], None] = lambda parser: None
    environment: str | None = "dev"  # the .venv profile it needs; None: none at all


def _flag(name: str, text: str) -> Callable[[argparse.ArgumentParser], None]:
    return lambda parser: parser.add_argument(name, action="store_true", help=text)


def _rest(text: str) -> Callable[[argparse.ArgumentParser], None]:
    return lambda parser: parser.add_argument("args", nargs=argparse.REMAINDER, help=text)


CPU_TORCH_INDEX = "https://download.pytorch.org/whl/cpu"  # as README and ci.yml name it


def _env_options(parser) -> None:
    parser.add_argument("--docs", action="store_true",
                        help="only what the build and the recorder need (requirements.lock)")
    parser.add_argument("--cpu-torch", action="store_true",
                        help="replace the pinned torch by its CPU build (Linux: no CUDA libraries)")


def _env(args) -> None:
    if args.cpu_torch:
        run(PYTHON, "-m", "pip", "install", "--quiet", "--force-reinstall", "--no-deps",
            "--index-url", CPU_TORCH_INDEX, torch_pin())


def _clean(args) -> None:
    for path in [ROOT / "site", ROOT / ".cache", ROOT / ".pytest_cache", ROOT / ".ruff_cache"]:
        shutil.rmtree(path, ignore_errors=True)


def _validate_recordings(args) -> None:  # standard library only: installs nothing
    require = [arg for device in args.require for arg in ("--require", device)]
    run(sys.executable, "-m", "bookkit.recordings", "validate", args.folder, *require)


def _build(args) -> None:
    if args.shard:
        run(PYTHON, "-m", "bookkit.exec.engine", "execute", "--shard", args.shard,
            summary=r"^shard \d+/\d+: \d+ units")
    else:
        run(PYTHON, "-m", "mkdocs", "build", "--strict", summary=r"Documentation built in")


def _test_options(parser) -> None:
    parser.add_argument("--fresh", action="store_true", help="empty the store first")
    parser.add_argument("--quick", action="store_true",
                        help=f"pytest only the tiers {QUICK_TIERS!r}: no child builds, browser or "
                        "cold re-execution (CI runs every tier)")


def _build_options(parser) -> None:
    parser.add_argument("--shard", metavar="I/N", help="only run shard I of N into the store")
    parser.add_argument("--fresh", action="store_true", help="empty the store first")


def _shard_plan(args) -> None:
    run(PYTHON, "-m", "bookkit.exec.engine", "plan", "--shards", str(args.shards),
        summary=r"^shard plan: \d+ units")


def _shard_plan_options(parser) -> None:
    parser.add_argument("--shards", type=int, required=True, help="how many CI shards")


def _merge(args) -> None:
    missing = [store for store in args.stores if not Path(store).is_dir()]
    if missing:  # a shard's store that never arrived must not merge as "0 entries"
        raise StepFailed("merge: no such store folder: " + ", ".join(missing))
    run(PYTHON, "-m", "bookkit.exec.engine", "merge", *args.stores)


def _record_options(parser) -> None:
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    parser.add_argument("--out", help="write under this folder instead of recordings/")
    parser.add_argument("snippets", nargs="*")


def _record(args) -> None:
    out = ["--out", args.out] if args.out else []
    run(PYTHON, "-m", "bookkit.recordings", "record", "--device", args.device, *out,
        *args.snippets)


def _bench_options(parser) -> None:
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--serve", action="store_true", help="also time serve showing a save")
    parser.add_argument("--warm-store", action="store_true", help="start from this store's copy")
    parser.add_argument("--tests", action="store_true",
                        help="dev.py test's pytest step: fresh clone, prose, snippet edit")
    parser.add_argument("--search", action="store_true",
                        help="the search query set in Chromium, with and without the Korean field")
    parser.add_argument("--pages", action="store_true",
                        help="bytes and requests of every page's first load and next page (gzip)")
    parser.add_argument("--scale", type=int, nargs="+", metavar="N",
                        help="the book against copies grown to N times its chapters (1 3 10)")
    parser.add_argument("--shards", type=int, default=4, help="with --scale: CI shards (4)")
    parser.add_argument("--no-serve", action="store_true", help="with --scale: skip serve")
    parser.add_argument("--no-pages", action="store_true", help="with --scale: skip page weight")


def _bench(args) -> None:
    if args.search:
        run(PYTHON, ROOT / "scripts" / "search_bench.py")
    elif args.pages:
        run(PYTHON, "-m", "bookkit.tools.page_weight")
    elif args.tests:
        run(PYTHON, ROOT / "scripts" / "bench.py", "--tests")
    elif args.scale:
        run(PYTHON, "-m", "bookkit.tools.scale_bench", "--scale", *map(str, args.scale),
            "--shards", str(args.shards), "--repeat", str(args.repeat),
            *(["--no-serve"] if args.no_serve else []), *(["--no-pages"] if args.no_pages else []))
    else:
        run(PYTHON, ROOT / "scripts" / "bench.py", "--repeat", str(args.repeat),
            *(["--serve"] if args.serve else []), *(["--warm-store"] if args.warm_store else []))


def _diff_options(parser) -> None:
    parser.add_argument("base", nargs="?", help="git revision (default: main)")
    parser.add_argument("--out", help="also write the Markdown report to this file")


def _diff(args) -> None:
    run(PYTHON, "-m", "bookkit.tools.review", *filter(None, [args.base]),
        *(["--out", args.out] if args.out else []))


def _verify_options(parser) -> None:
    parser.add_argument("--sample", metavar="PCT",
                        help="only a reproducible random PCT percent of the stored units")
    parser.add_argument("--seed", metavar="N", help="the seed that picks the sample (default 0)")
    parser.add_argument("--copy", action="store_true",
                        help="run from a copy of the working tree; skip entries it confirmed")
    parser.add_argument("--all", action="store_true", help="with --copy: stamped entries too")


def _verify(args) -> None:
    options = [*(["--sample", args.sample] if args.sample else []),
               *(["--seed", args.seed] if args.seed else []),
               *(["--copy"] if args.copy else []), *(["--all"] if args.all else [])]
    run(PYTHON, "-m", "bookkit.tools.verify", *options, summary=r"^verify: \d+ units checked")


def _drift_options(parser) -> None:
    parser.add_argument("--torch", action="append", required=True, metavar="VERSION|WHEEL",
                        help="a torch release (version or wheel file) to run the book on")
    parser.add_argument("--out", help="the report's folder (default .cache/bookkit/drift/report)")
    parser.add_argument("--index-url", help="the index torch comes from (nightly, test channel)")
    parser.add_argument("--pre", action="store_true", help="admit pre-releases (--torch latest)")
    parser.add_argument("--baseline", metavar="VERSION|WHEEL",
                        help="compare with this torch instead of the pinned one")


def _drift(args) -> None:
    versions = [arg for spec in args.torch for arg in ("--torch", spec)]
    run(PYTHON, "-m", "bookkit.tools.drift", "report", *versions,
        *(["--out", args.out] if args.out else []),
        *(["--index-url", args.index_url] if args.index_url else []),
        *(["--pre"] if args.pre else []),
        *(["--baseline", args.baseline] if args.baseline else []), summary=r"^drift: \d+ block")


def _student(*command: str | Path) -> None:
    """A student's command: its own report (in Korean) is all it prints, and its exit status
    is dev.py's, without the task runner's "failed:" line."""
    env = child_environment(**ENVIRONMENT)
    code = subprocess.run([str(PYTHON), *map(str, command)], cwd=ROOT, env=env).returncode
    if code:
        raise SystemExit(code)


def _exercises(args) -> None:
    check = ["--check"] if args.check else []
    run(PYTHON, ROOT / "scripts" / "make_exercise_stubs.py", *check)
    run(PYTHON, ROOT / "scripts" / "make_lab_notebook.py", *check)


def _pytest(args) -> None:
    if args.args:
        run(PYTHON, "-m", "pytest", "-q", *args.args, summary=STEPS["pytest"][1])
    else:
        test(["pytest"])


def _prune_options(parser) -> None:
    parser.add_argument("--days", default="7", help="keep entries younger than this (7)")


def _validate_options(parser) -> None:
    parser.add_argument("folder")
    parser.add_argument("--require", action="append", default=[], choices=("cpu", "cuda"))


TASKS: dict[str, Task] = {
    "env": Task("create or update .venv", _env, _env_options),
    "lock": Task("pin every package of pyproject.toml in the locks",
                 lambda args: run(PYTHON, ROOT / "scripts" / "lock.py",
                                  *(["--check"] if args.check else [])),
                 _flag("--check", "fail if the locks are out of date")),
    # --dirty: a save re-renders the pages it changed (bookkit/mkdocs/dirty.py keeps the rest
    # right).
    "serve": Task("mkdocs serve", lambda args: run(PYTHON, "-m", "mkdocs", "serve", "--dirty"),
                  environment="docs"),
    "build": Task("strict build, or one shard of the units", _build, _build_options, "docs"),
    "shard-plan": Task("write shard-plan.json: the units split over N shards by stored run time",
                       _shard_plan, _shard_plan_options, "docs"),
    "font": Task("list the built site's characters (run build first) for the site font's cut",
                 lambda args: run(PYTHON, "-m", "bookkit.mkdocs.font_subset",
                                  summary=r"^font: \d+ characters"), environment="docs"),
    "pdf": Task("the built site (run build first) as one PDF, site/book.pdf",
                lambda args: run(PYTHON, "-m", "bookkit.mkdocs.pdf", summary=r"^pdf: .* pages")),
    "test": Task("every check CI runs (--quick: the edit loop's tiers only)",
                 lambda args: test(list(STEPS), quick=args.quick), _test_options),
    "lint": Task("only the lint step of test", lambda args: test(["lint"])),
    "recordings-check": Task("only the recordings-check step of test",
                             lambda args: test(["recordings-check"])),
    "pytest": Task("only the pytest step of test", _pytest,
                   _rest("passed to pytest, e.g. docs/tensors or -k name")),
    "merge": Task("copy other execution stores' entries into this one", _merge,
                  lambda parser: parser.add_argument("stores", nargs="+")),
    "prune": Task("remove store entries the last build does not need",
                  lambda args: run(PYTHON, "-m", "bookkit.exec.engine", "prune", "--days",
                                   args.days), _prune_options, "docs"),
    "record": Task("record device-dependent snippets", _record, _record_options, "docs"),
    "bench": Task("build timings and ratios", _bench, _bench_options),
    "diff": Task("which printed outputs differ from a git revision", _diff, _diff_options),
    "verify": Task("re-execute stored units and fail on any output that differs from the store",
                   _verify, _verify_options, "docs"),
    "drift": Task("run the book on other torch releases and report what changes, block by block",
                  _drift, _drift_options, "docs"),
    "exercises": Task("regenerate stubs and the lab notebook", _exercises,
                      _flag("--check", "only check they are in sync"), "docs"),
    "exercise": Task(
        "copy an exercise to workspace/ (start NAME) and test it (check NAME)",
        lambda args: _student(ROOT / "scripts" / "exercise.py", *(args.args or ["--help"])),
        _rest("list | start NAME | check NAME [pytest args] [--workspace DIR]")),
    "test-exercises": Task(
        "run the exercise tests against the student versions in labs/",
        lambda args: run(PYTHON, "-m", "pytest", "-q", "tests/lab_tests", "--impl=exercise",
                         *(args.args or [])), _rest("passed to pytest")),
    "lab": Task("print the autograd_bugs lab's report", lambda args: run(
        PYTHON, "-m", "labs.deep_learning_pytorch.tensors_and_autograd.autograd_bugs"),
        environment="docs"),
    "clean": Task("remove the site and every cache", _clean, environment=None),
    "recordings-validate": Task(
        "validate a folder of recordings as data, with this python3 alone (no .venv)",
        _validate_recordings, _validate_options, None),
}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python3 scripts/dev.py",
                                     description=__doc__.split("\n\n")[0])
    tasks = parser.add_subparsers(dest="task", required=True)
    for name, task in TASKS.items():
        task.options(tasks.add_parser(name, help=task.help))
    args = parser.parse_args(argv)
    task = TASKS[args.task]
    if task.environment is not None:
        docs_only = task.environment == "docs" or (args.task == "env" and args.docs)
        ensure_environment("docs" if docs_only else "dev", f"dev.py {args.task}")
    if getattr(args, "fresh", False):
        fresh()
    task.action(args)
    return 0

if __name__ == "__main__":
    try:
        raise SystemExit(main(sys.argv[1:]))
    except StepFailed as error:
        print(f"\nfailed: {error}", file=sys.stderr)
        raise SystemExit(1) from None
