"""Benchmark of a contributor's loop: builds in fresh processes, and `serve` showing a save.

    python3 scripts/dev.py bench [--repeat 3] [--warm-store] [--serve] [--no-builds]
    python3 scripts/dev.py bench --tests

It copies the working tree into a temporary folder and runs every build there as a contributor
and CI do: ``python -m mkdocs build --strict`` in a new process, with a store of its own.

1. first build: an empty store (``--warm-store``: a copy of this checkout's store);
2. no-change build;
3. prose-edit build: one sentence added to a chapter;
4. one-snippet-edit build: one snippet prints one more line;
5. the floor: the same book with its ``exec`` fences removed (every executed fence made a plain
   ``python`` fence, the front matter's ``measurements`` dropped, ``BOOK_EXECUTE=off`` so the
   lab notebook is rendered from its source), built the same way in a copy of its own.

Warm steps are repeated (``--repeat``, best time kept). The table gives wall seconds, CPU
seconds of the build and its children (robust when other work shares the machine), the units
executed and reused, and both as ratios of the floor. Then the phases of one more no-change
build (in a fresh process, each MkDocs event and the post-build work timed separately).

``--serve`` starts ``mkdocs serve`` (the command ``dev.py serve`` runs) on a free port in the
copy, saves a prose edit and a snippet edit, and polls the served page until the new text
appears: seconds from save to served, against the unit's own run time for the snippet.

``--tests`` times ``dev.py test``'s pytest step instead: it clones the committed tree into a
temporary folder (as CI checks it out: no ``.cache``), links this checkout's ``.venv``, runs
``python scripts/dev.py pytest`` there, then again after each of two sentences added to a
chapter and a line added to a snippet (:data:`TEST_RUNS`: one sentence in the site font's
characters, one with a new character). Its table gives each run's wall and CPU seconds against
the targets (4 min from a fresh clone, 90 s after a prose edit; none after a snippet edit).

A benchmark, not a test: it prints what it measured and fails only when a build fails.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from xml.etree import ElementTree

from bookkit.exec.containment import become_subreaper
from bookkit.fences import extract_fences
from bookkit.files import copy_tree
from bookkit.settings import child_environment

ROOT = Path(__file__).resolve().parent.parent.parent

PROSE_PAGE = "docs/tensors/index.md"
PROSE_URL = "tensors/"
SNIPPET = "snippets/tensors/shapes.py"
FENCE_MARK = re.compile(r"^(?P<indent>[ \t]*)(?P<mark>`{3,}|~{3,})")
SUMMARY = re.compile(r"(\d+) units executed, (\d+) reused, ([\d.]+) s executing")
SERVE_COMMAND = ["-m", "mkdocs", "serve", "--dirty"]  # `dev.py serve`, without its address

# Runs inside the copy in a fresh process: one no-change build, every phase timed.
PHASES = r"""
import json, sys, time
from collections import defaultdict
start = time.perf_counter()
import mkdocs.commands.build as build_module
from mkdocs.config import load_config
seconds = defaultdict(float)

def timed(label, function):
    def wrapper(*args, **kwargs):
        began = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            seconds[label] += time.perf_counter() - began
    return wrapper

config = load_config("mkdocs.yml", strict=True)
for event, methods in config.plugins.events.items():
    for index, method in enumerate(methods):
        owner = getattr(method, "__self__", None)
        name = type(owner).__name__ if owner is not None else method.__module__
        methods[index] = timed(f"{event}: {name}", method)
build_module._populate_page = timed("pages: read + render markdown", build_module._populate_page)
build_module._build_page = timed("pages: templates + write", build_module._build_page)
ready = time.perf_counter()
build_module.build(config)
done = time.perf_counter()
seconds["start-up: imports, config"] = ready - start
seconds["whole build()"] = done - ready
print(json.dumps(seconds))
"""


def remove_exec_fences(root: Path) -> None:
    """The floor's book: every executed fence a plain ``python`` fence, no measurements."""
    for page in sorted((root / "docs").rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        lines = text.split("\n")
        for fence in extract_fences(text, page):
            if fence.executed:
                opening = FENCE_MARK.match(lines[fence.line - 1])
                lines[fence.line - 1] = f"{opening['indent']}{opening['mark']}python"
        text = "\n".join(lines)
        text = re.sub(r"(?m)^measurements:.*\n(?:[ \t]+-.*\n)*", "", text, count=1)
        page.write_text(text, encoding="utf-8")


def build_env(copy: Path, **extra: str) -> dict[str, str]:
    """The environment of a build in ``copy``: its own store unless ``extra`` names one."""
    values = {"NO_MKDOCS_2_WARNING": "1", "PYTHONHASHSEED": "0",
              "BOOK_STORE": str(copy / ".cache" / "bench-store"), "PYTHONPATH": str(copy)}
    return child_environment(**{**values, **extra})


def timed_run(command: list, **options) -> tuple[subprocess.CompletedProcess, float, float]:
    """``subprocess.run(command, **options)``, its wall seconds and its processes' CPU seconds.

    A process's CPU reaches this one only when it is reaped, and the workers' server a build
    starts outlives the build (it dies with it, orphaned): this process is made the subreaper
    of its descendants, and the orphans are reaped before the CPU is read, so the workers' CPU
    (reaped by their server) is counted too."""
    become_subreaper()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, **options)
    wall = time.perf_counter() - start
    reap_orphans()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return result, wall, cpu


def reap_orphans(seconds: float = 10.0) -> None:
    """Reap every child left (orphans re-parented here), waiting up to ``seconds`` for those
    still dying; the serve server (started and stopped by :func:`serve_latencies`) is not
    running while a timed command runs."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return  # none left
        if pid == 0:
            time.sleep(0.02)


def fresh_build(copy: Path, step: str, **extra: str) -> dict:
    """One ``mkdocs build --strict`` in a new process: wall and CPU seconds, units."""
    result, wall, cpu = timed_run([sys.executable, "-m", "mkdocs", "build", "--strict"],
                                  cwd=copy, env=build_env(copy, **extra), capture_output=True,
                                  text=True)
    if result.returncode != 0:
        print(result.stderr[-5000:], file=sys.stderr)
        raise SystemExit(f"{step}: the build failed")
    found = SUMMARY.findall(result.stderr)
    executed, reused = (int(found[-1][0]), int(found[-1][1])) if found else (0, 0)
    return {"step": step, "wall": wall, "cpu": cpu, "executed": executed, "reused": reused}


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def build_table(copy: Path, floor_copy: Path, repeat: int, verbose: bool) -> None:
    runs = [fresh_build(copy, "first build")]
    for _ in range(repeat):
        runs.append(fresh_build(copy, "no-change build"))
    for i in range(repeat):
        append(copy / PROSE_PAGE, f"\n\n벤치마크가 덧붙인 문장 {i}입니다.\n")
        runs.append(fresh_build(copy, "prose-edit build"))
    for i in range(repeat):
        append(copy / SNIPPET, f"\nprint('bench {i}')\n")
        runs.append(fresh_build(copy, "one-snippet-edit build"))
    fresh_build(floor_copy, "floor, warming up", BOOK_EXECUTE="off")
    for _ in range(repeat):
        runs.append(fresh_build(floor_copy, "floor: exec fences removed", BOOK_EXECUTE="off"))
    best: dict[str, dict] = {}
    for run in runs:
        if verbose:
            print(json.dumps(run))
        if run["step"] not in best or run["wall"] < best[run["step"]]["wall"]:
            best[run["step"]] = run
    floor = best["floor: exec fences removed"]
    targets = {"no-change build": "≤ 1.5× floor", "prose-edit build": "≤ 1.5× floor",
               "one-snippet-edit build": "runs 1 unit"}
    print("\n| build (fresh process) | wall s | CPU s | units executed | units reused "
          "| wall × floor | CPU × floor | target |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for step, row in best.items():
        print(f"| {step} | {row['wall']:.2f} | {row['cpu']:.2f} | {row['executed']} | "
              f"{row['reused']} | {row['wall'] / floor['wall']:.2f}× | "
              f"{row['cpu'] / floor['cpu']:.2f}× | {targets.get(step, '')} |")


def phase_table(copy: Path) -> None:
    result = subprocess.run([sys.executable, "-c", PHASES], cwd=copy, env=build_env(copy),
                            capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stderr[-5000:], file=sys.stderr)
        raise SystemExit("phases: the build failed")
    seconds = json.loads(result.stdout.strip().splitlines()[-1])
    print("\nPhases of a no-change build in a fresh process (page events run inside the two "
          "`pages:` rows; indented rows are part of the row above):\n")
    print("| phase | seconds |")
    print("| --- | ---: |")
    for phase, value in sorted(seconds.items(), key=lambda item: -item[1]):
        if value >= 0.05:
            print(f"| {phase} | {value:.2f} |")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except OSError:
        return None


def wait_for(url: str, text: str, limit: float) -> float | None:
    """Seconds until the page at ``url`` contains ``text``, polling every 20 ms."""
    start = time.perf_counter()
    while time.perf_counter() - start < limit:
        page = fetch(url)
        if page is not None and text in page:
            return time.perf_counter() - start
        time.sleep(0.02)
    return None


def serve_latencies(copy: Path, repeat: int) -> dict[str, float]:
    """``serve`` in ``copy``: seconds to the first page, and the medians from saving a prose
    edit and a snippet edit to the new text served, with the edited unit's own run time."""
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    log = (copy / ".cache" / "serve.log").open("w", encoding="utf-8")
    server = subprocess.Popen([sys.executable, *SERVE_COMMAND, "--dev-addr", f"127.0.0.1:{port}"],
                              cwd=copy, env=build_env(copy), stdout=log,
                              stderr=subprocess.STDOUT)
    try:
        started = wait_for(base + PROSE_URL, "</html>", 900)
        if started is None:
            raise SystemExit("serve: the site never came up; see " + str(log.name))
        prose, snippet, unit = [], [], []
        for i in range(repeat):
            time.sleep(1.5)  # let the watcher settle after the last rebuild
            marker = f"벤치마크-서브-{i}-{time.time_ns()}"
            append(copy / PROSE_PAGE, f"\n\n{marker} 문장입니다.\n")
            seconds = wait_for(base + PROSE_URL, marker, 120)
            prose.append(float("inf") if seconds is None else seconds)
        for i in range(repeat):
            time.sleep(1.5)
            marker = f"bench-serve-{i}-{time.time_ns()}"
            log.flush()
            logged = (copy / ".cache" / "serve.log").read_text(encoding="utf-8")
            append(copy / SNIPPET, f"\nprint('{marker}')\n")
            seconds = wait_for(base + PROSE_URL, marker, 300)
            snippet.append(float("inf") if seconds is None else seconds)
            time.sleep(0.5)
            new = (copy / ".cache" / "serve.log").read_text(encoding="utf-8")[len(logged):]
            found = SUMMARY.findall(new)
            unit.append(float(found[-1][2]) if found else float("nan"))
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
    return {"start": started, "prose": statistics.median(prose),
            "snippet": statistics.median(snippet), "unit": statistics.median(unit)}


def serve_table(copy: Path, repeat: int) -> None:
    times = serve_latencies(copy, repeat)
    rows = [("first start (serve until the page is served)", times["start"], ""),
            ("save a prose edit → new HTML served (median)", times["prose"], "≤ 1.0 s"),
            ("save a snippet edit → its new output served (median)", times["snippet"],
             f"≤ 1.0 s + the unit's run ({times['unit']:.2f} s)")]
    print("\n| serve (mkdocs serve, fresh copy) | seconds | target |")
    print("| --- | ---: | --- |")
    for label, seconds, target in rows:
        print(f"| {label} | {seconds:.2f} | {target} |")


# (row, the file a line is added to before it, the line, target seconds or None). The first
# prose edit uses only characters of the site font's list; the second adds one (벤), so the
# font's supplement and the stylesheet every page loads change too. Every run visits every page
# in the browser anew (tests/browser_pages.py): no visit of an earlier run is remembered.
# The snippet edit has no target: it is the loop after a code change, shown for what it costs.
TEST_RUNS = [("fresh clone", None, None, 240.0),
             ("after a prose edit", PROSE_PAGE,
              "이 문장은 글만 고친 실행을 재려고 더한 것입니다.", 90.0),
             ("after a prose edit with a new character", PROSE_PAGE, "벤치마크가 더한 문장입니다.",
              90.0),
             ("after a snippet edit", SNIPPET, "print('bench: a snippet edit')", None)]


def timed_test_step(clone: Path, report: Path) -> tuple[float, float, int]:
    """Wall and CPU seconds (its children's) and exit code of ``dev.py pytest`` in ``clone``;
    the per-test times go to the JUnit ``report``."""
    env = child_environment(PYTEST_ADDOPTS=f"--junitxml={report}")
    result, wall, cpu = timed_run([sys.executable, "scripts/dev.py", "pytest"], cwd=clone,
                                  env=env)
    return wall, cpu, result.returncode


def slowest(report: Path, count: int = 15) -> list[tuple[float, str]]:
    cases = ElementTree.parse(report).getroot().iter("testcase")
    times = [(float(case.get("time", 0)), f"{case.get('classname')}::{case.get('name')}")
             for case in cases]
    return sorted(times, reverse=True)[:count]


def tests_table(folder: Path) -> None:
    clone = folder / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    (clone / ".venv").symlink_to((ROOT / ".venv").resolve())
    rows = []
    for label, edited, line, target in TEST_RUNS:
        if edited:
            append(clone / edited, f"\n{line}\n")
        report = folder / f"{len(rows)}.xml"
        rows.append((label, target, *timed_test_step(clone, report)))
        print(f"\nslowest tests, {label} (seconds):")
        for seconds, name in slowest(report):
            print(f"  {seconds:7.1f}  {name}")
    print("\n| dev.py test's pytest step | wall s | CPU s | exit | target |")
    print("| --- | ---: | ---: | ---: | --- |")
    for label, target, wall, cpu, code in rows:
        verdict = "met" if target is not None and wall <= target and code == 0 else "not met"
        goal = "" if target is None else f"≤ {target:.0f} s ({verdict})"
        print(f"| {label} | {wall:.1f} | {cpu:.1f} | {code} | {goal} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--warm-store", action="store_true",
                        help="start from a copy of this checkout's store instead of an empty one")
    parser.add_argument("--serve", action="store_true", help="also time `serve` showing a save")
    parser.add_argument("--no-builds", action="store_true", help="skip the build table")
    parser.add_argument("--verbose", action="store_true", help="print every build's time")
    parser.add_argument("--tests", action="store_true",
                        help="time dev.py test's pytest step: fresh clone, prose, snippet edit")
    args = parser.parse_args(argv)
    if args.tests:
        with tempfile.TemporaryDirectory(prefix="book-bench-tests-") as folder:
            tests_table(Path(folder))
        return 0
    with tempfile.TemporaryDirectory(prefix="book-bench-") as folder:
        copy, floor_copy = Path(folder) / "book", Path(folder) / "floor"
        copy_tree(copy)
        copy_tree(floor_copy)
        remove_exec_fences(floor_copy)
        store = ROOT / ".cache" / "bookkit" / "store"
        if args.warm_store and store.is_dir():
            shutil.copytree(store, copy / ".cache" / "bench-store")
        print(f"building in {folder} (repeat {args.repeat}) ...", flush=True)
        if not args.no_builds:
            build_table(copy, floor_copy, args.repeat, args.verbose)
            phase_table(copy)
        if args.serve:
            serve_table(copy, args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
