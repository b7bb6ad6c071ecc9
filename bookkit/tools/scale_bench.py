"""How the build grows with the book: the real book against synthetic books N times its size.

    python3 scripts/dev.py bench --scale 1 3 10 [--shards 4] [--repeat 1] [--no-serve]
                                 [--no-pages]

For each N it makes, in a temporary folder, copies of the working tree grown to N times the real
chapters (:mod:`bookkit.tools.scaled_book`), and measures there, every build a new process:

- **cold build**: ``mkdocs build --strict`` with an empty store and no caches (wall seconds);
- **cold build as CI runs it** (``.github/workflows/docs.yml``): in a second fresh copy, the
  shard plan written from the cold build's store (``shard-plan.json``, by recorded run time,
  :mod:`bookkit.exec.shard_plan`), then ``--shards`` shards, one after another, each
  ``python -m bookkit.exec.engine execute --shard I/S`` (what ``dev.py build --shard`` runs)
  into a store of its own, then ``engine merge`` of the shards' stores, then the strict build
  from the merged store with ``BOOK_REQUIRE_STORED=1``. On CI the shards run at once, so the
  figure is the slowest shard + merge + final build, and the target reads slowest shard + merge
  against the single cold build;
- **no-change build** and **prose-edit build** (a sentence added to a chapter), best of
  ``--repeat``, against the **floor**: the same scaled book with its exec fences removed
  (:func:`bookkit.tools.bench.remove_exec_fences`, ``BOOK_EXECUTE=off``), warmed up once;
- **serve**: saving a prose edit and a snippet edit to the new text served
  (:func:`bookkit.tools.bench.serve_latencies`), the snippet against its unit's own run time;
- **search**: bytes of ``site/search/search_index.json`` and the documents it defers
  (``search_docs.json``), raw and gzip, and how many of them the Korean search field
  (``morphs``, ``title_morphs``; :mod:`bookkit.mkdocs.search`) adds;
- **page weight**: first load and next page, gzip on the wire, of the home page, the page with
  the largest HTML and that page's last copy (:mod:`bookkit.tools.page_weight`; all pages:
  ``dev.py bench --pages`` after building the scaled copy);
- **peak memory** of the cold build: the largest sum of memory over the build's process tree
  (the build, the forkserver and its workers, Kiwi's helper), each process's proportional set
  size, sampled every 0.1 s with psutil (:func:`tree_memory`).
  ``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss`` (and ``/usr/bin/time -v``) would see only
  the largest single process the build waited for, and not the workers at all: they are the
  forkserver's children, which nothing waits for.

It prints one table: each figure at each N, its ratio to N = 1, and the target at the largest N
with met / not met. The test step is not run on the scaled books (not cheap: it builds the book
once, ``tests/real_book.py``). What of it grows with the book: that build; the tests of every
page's fences under ``docs/``; the tests parametrized by page (``tests/test_browser.py``,
``tests/test_accessibility.py``: Chromium per page) or by chapter (``tests/test_site.py``). The
engine, mini-book and unit tests do not.

A benchmark, not a test: it prints what it measured and fails only when a build fails.
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from bookkit.exec.shard_plan import PLAN_FILE, balance
from bookkit.exec.units import name_shard
from bookkit.files import copy_tree
from bookkit.tools.bench import (
    PROSE_PAGE,
    SUMMARY,
    append,
    build_env,
    remove_exec_fences,
    serve_latencies,
)
from bookkit.tools.scaled_book import scale_book

SEARCH_FIELDS = ("morphs", "title_morphs")


def tree_memory(root: psutil.Process) -> int:
    """Bytes of memory ``root`` and every process under it use now: the sum of their
    proportional set sizes (a page shared by k processes counts 1/k in each: the workers share
    the forkserver's torch), resident set sizes where the system gives no PSS."""
    total = 0
    for process in [root, *root.children(recursive=True)]:
        try:
            memory = process.memory_full_info()
            total += getattr(memory, "pss", memory.rss)
        except psutil.Error:  # it ended meanwhile
            pass
    return total


@dataclass
class Run:
    wall: float
    peak_memory: int  # bytes, the process tree's sampled peak (tree_memory)
    executed: int = 0
    reused: int = 0
    stderr: str = ""


def measured(command: list[str], cwd: Path, env: dict[str, str], step: str) -> Run:
    """Run ``command`` in a new process: wall seconds and the peak of its tree's memory."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    peak = [0]
    done = threading.Event()

    def sample() -> None:
        root = psutil.Process(process.pid)
        while not done.is_set():
            try:
                peak[0] = max(peak[0], tree_memory(root))
            except psutil.Error:
                return
            done.wait(0.1)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    stdout, stderr = process.communicate()
    wall = time.perf_counter() - start
    done.set()
    sampler.join()
    if process.returncode != 0:
        print((stdout + stderr)[-5000:], file=sys.stderr)
        raise SystemExit(f"{step}: exited with code {process.returncode}")
    found = SUMMARY.findall(stderr + stdout)
    executed, reused = (int(found[-1][0]), int(found[-1][1])) if found else (0, 0)
    return Run(wall, peak[0], executed, reused, stderr + stdout)


def build(copy: Path, step: str, **extra: str) -> Run:
    return measured([sys.executable, "-m", "mkdocs", "build", "--strict"], copy,
                    build_env(copy, **extra), step)


def best(runs: list[Run]) -> Run:
    return min(runs, key=lambda run: run.wall)


def stored_seconds(store: Path) -> dict[str, float]:
    """Unit name -> recorded run time, from every entry of a store folder."""
    seconds = {}
    for path in store.glob("??/*.json"):
        entry = json.loads(path.read_text(encoding="utf-8"))
        seconds[entry["unit"]] = float(entry["seconds"])
    return seconds


@dataclass
class Figures:
    scale: int
    units: int = 0
    values: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def sharded_cold_build(copy: Path, cold_store: Path, shards: int, figures: Figures) -> None:
    """The CI path in ``copy`` (fresh): plan, shards one by one, merge, final build."""
    engine = [sys.executable, "-m", "bookkit.exec.engine"]
    plan = subprocess.run([*engine, "plan", "--shards", str(shards), "--out", PLAN_FILE],
                          cwd=copy, env=build_env(copy, BOOK_STORE=str(cold_store)),
                          capture_output=True, text=True)
    if plan.returncode != 0:
        print(plan.stdout + plan.stderr, file=sys.stderr)
        raise SystemExit("shard plan: failed")
    stores = [copy / ".cache" / f"shard-{i}" for i in range(1, shards + 1)]
    walls = []
    for i, store in enumerate(stores, 1):
        run = measured([*engine, "execute", "--shard", f"{i}/{shards}"], copy,
                       build_env(copy, BOOK_STORE=str(store)), f"shard {i}/{shards}")
        walls.append(run.wall)
    merged = copy / ".cache" / "bench-store"
    merge = measured([*engine, "merge", *map(str, stores)], copy,
                     build_env(copy, BOOK_STORE=str(merged)), "merge")
    final = build(copy, "build from the merged store", BOOK_REQUIRE_STORED="1")
    figures.values.update({"slowest shard": max(walls), "merge": merge.wall,
                           "final build": final.wall,
                           "CI path": max(walls) + merge.wall + final.wall})
    costs = stored_seconds(cold_store)
    by_plan = balance(costs, shards)
    planned = [sum(c for n, c in costs.items() if by_plan[n] == s) for s in range(1, shards + 1)]
    hashed = [0.0] * shards
    for name, cost in costs.items():
        hashed[name_shard(name, shards)] += cost
    figures.notes.append(
        f"N={figures.scale}: shard walls " + ", ".join(f"{w:.1f}" for w in walls)
        + f" s; recorded unit seconds per shard, plan {max(planned):.1f} s max"
        f" vs name hash {max(hashed):.1f} s max")


def search_bytes(site: Path) -> dict[str, float]:
    files = [site / "search" / "search_index.json", site / "search" / "search_docs.json"]
    raw = b"".join(p.read_bytes() for p in files if p.is_file())
    whole = sum(p.stat().st_size for p in files if p.is_file())
    docs_path = site / "search" / "search_docs.json"
    if docs_path.is_file():
        docs = json.loads(docs_path.read_text(encoding="utf-8"))
    else:
        docs = json.loads(files[0].read_text(encoding="utf-8"))["docs"]
    field_bytes = sum(len(json.dumps(doc[name], ensure_ascii=False).encode()) + len(name) + 4
                      for doc in docs for name in SEARCH_FIELDS if name in doc)
    return {"search index bytes": whole, "search index gzip bytes": len(gzip.compress(raw)),
            "Korean field bytes": field_bytes}


def weighed_pages(site: Path, scale: int) -> list[str]:
    """The home page, the page with the largest HTML and its last copy."""
    pages = [p for p in site.rglob("index.html") if "assets" not in p.parts]
    heaviest = max(pages, key=lambda p: p.stat().st_size).parent.relative_to(site).as_posix()
    chosen = ["", heaviest + "/"]
    head, _, rest = heaviest.partition("/")
    if scale > 1 and (site / f"{head}-{scale}" / rest / "index.html").is_file():
        chosen.append(f"{head}-{scale}/{rest}/")
    return chosen


def page_weights(site: Path, scale: int) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    from bookkit.browser import CHROMIUM_ARGS, find_chromium
    from bookkit.tools.page_weight import serve, weigh

    server, base = serve(site)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=find_chromium(),
                                                 args=CHROMIUM_ARGS)
            weights = [weigh(browser, server, base, path) for path in weighed_pages(site, scale)]
            browser.close()
    finally:
        server.shutdown()
    return {"first load bytes": max(w.first.total for w in weights),
            "next page bytes": max(w.next.total for w in weights)}


def measure(folder: Path, scale: int, shards: int, repeat: int, serve: bool,
            pages: bool) -> Figures:
    figures = Figures(scale)
    copy, floor, ci = (folder / f"n{scale}-{name}" for name in ("book", "floor", "ci"))
    for target in (copy, floor, ci):
        copy_tree(target)
        scale_book(target, scale)
    remove_exec_fences(floor)
    print(f"N={scale}: cold build ...", flush=True)
    cold = build(copy, f"N={scale} cold build")
    figures.units = cold.executed
    figures.values.update({"cold build": cold.wall, "peak memory": cold.peak_memory})
    print(f"N={scale}: {shards} shards, merge, final build ...", flush=True)
    sharded_cold_build(ci, copy / ".cache" / "bench-store", shards, figures)
    print(f"N={scale}: warm builds and the floor ...", flush=True)
    figures.values["no-change build"] = best([build(copy, "no-change build")
                                              for _ in range(repeat)]).wall
    prose = []
    for i in range(repeat):
        append(copy / PROSE_PAGE, f"\n\n벤치마크가 덧붙인 문장 {i}입니다.\n")
        prose.append(build(copy, "prose-edit build"))
    figures.values["prose-edit build"] = best(prose).wall
    build(floor, "floor, warming up", BOOK_EXECUTE="off")
    figures.values["floor"] = best([build(floor, "floor", BOOK_EXECUTE="off")
                                    for _ in range(repeat)]).wall
    figures.values.update(search_bytes(copy / "site"))
    if pages:
        print(f"N={scale}: page weight ...", flush=True)
        figures.values.update(page_weights(copy / "site", scale))
    if serve:
        print(f"N={scale}: serve ...", flush=True)
        times = serve_latencies(copy, max(repeat, 1))
        figures.values.update({"serve prose edit": times["prose"],
                               "serve snippet edit": times["snippet"],
                               "serve snippet's unit run": times["unit"]})
    for name in (copy, floor, ci):
        shutil.rmtree(name, ignore_errors=True)
    return figures


def _ratio(figures: Figures, key: str, base: str) -> float:
    return figures.values[key] / figures.values[base]


# (row, value key (None: units executed), unit, target at the largest N: (text,
# check(value, its figures, N=1's figures)) or None)
ROWS = [
    ("units executed (cold)", None, "count", None),
    ("cold build, one machine", "cold build", "s", None),
    ("CI: slowest shard", "slowest shard", "s", None),
    ("CI: merge", "merge", "s", None),
    ("CI: final build from merged store", "final build", "s", None),
    ("CI: slowest shard + merge + final build", "CI path", "s", None),
    ("CI: (slowest shard + merge) / cold build", "shard ratio", "×",
     ("≤ 0.35", lambda v, f, one: v <= 0.35)),
    ("floor (exec fences removed)", "floor", "s", None),
    ("no-change build", "no-change build", "s", None),
    ("no-change build / floor", "no-change ratio", "×", ("≤ 1.5", lambda v, f, one: v <= 1.5)),
    ("prose-edit build", "prose-edit build", "s", None),
    ("prose-edit build / floor", "prose ratio", "×", ("≤ 1.5", lambda v, f, one: v <= 1.5)),
    ("serve: prose edit → served", "serve prose edit", "s",
     ("≤ 1.0 s", lambda v, f, one: v <= 1.0)),
    ("serve: snippet edit → served", "serve snippet edit", "s",
     ("≤ 1.0 s + unit run", lambda v, f, one: v <= 1.0 + f.values["serve snippet's unit run"])),
    ("serve: that snippet's unit run", "serve snippet's unit run", "s", None),
    ("search index + deferred docs", "search index bytes", "KiB", None),
    ("search index + deferred docs, gzip", "search index gzip bytes", "KiB", None),
    ("of which Korean search field (raw)", "Korean field bytes", "KiB", None),
    ("first load, heaviest of weighed pages (gzip)", "first load bytes", "KiB",
     ("≤ 800 KiB", lambda v, f, one: v <= 800 * 1024)),
    ("next page, heaviest of weighed pages (gzip)", "next page bytes", "KiB",
     ("≤ 150 KiB", lambda v, f, one: v <= 150 * 1024)),
    ("peak cold-build memory (process tree PSS)", "peak memory", "MiB",
     ("grows no faster than N",
      lambda v, f, one: v / one.values["peak memory"] <= f.scale / one.scale)),
]


def _derive(figures: Figures) -> None:
    values = figures.values
    values["shard ratio"] = (values["slowest shard"] + values["merge"]) / values["cold build"]
    values["no-change ratio"] = _ratio(figures, "no-change build", "floor")
    values["prose ratio"] = _ratio(figures, "prose-edit build", "floor")


def _show(value: float, unit: str) -> str:
    if unit == "KiB":
        return f"{value / 1024:,.0f} KiB"
    if unit == "MiB":
        return f"{value / 2**20:,.0f} MiB"
    if unit == "×":
        return f"{value:.2f}×"
    if unit == "count":
        return f"{value:.0f}"
    return f"{value:.2f} s"


def table(results: list[Figures], shards: int) -> str:
    first, last = results[0], results[-1]
    head = " | ".join(f"N={f.scale}" + (" (× N=1)" if f is not first else "") for f in results)
    lines = [f"| figure ({shards} shards) | {head} | target at N={last.scale} | met |",
             "| --- | " + " | ".join("---:" for _ in results) + " | --- | --- |"]
    for label, key, unit, target in ROWS:
        cells = []
        for figures in results:
            value = figures.units if key is None else figures.values.get(key)
            base = first.units if key is None else first.values.get(key)
            if value is None:
                cells.append("—")
                continue
            text = _show(value, unit)
            if figures is not first and base:
                text += f" ({value / base:.2f}×)"
            cells.append(text)
        goal, verdict = "", ""
        value = None if key is None else last.values.get(key)
        if target is not None and value is not None:
            goal = target[0]
            verdict = "met" if target[1](value, last, first) else "not met"
        lines.append(f"| {label} | " + " | ".join(cells) + f" | {goal} | {verdict} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, nargs="+", required=True, metavar="N",
                        help="book sizes, as multiples of the real chapters (1 first)")
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=1, help="warm builds: best of this many")
    parser.add_argument("--no-serve", action="store_true", help="skip the serve latencies")
    parser.add_argument("--no-pages", action="store_true", help="skip the page weights")
    args = parser.parse_args(argv)
    scales = sorted(set(args.scale))
    if scales[0] < 1:
        parser.error("--scale: every N is 1 or more")
    results = []
    with tempfile.TemporaryDirectory(prefix="book-scale-") as folder:
        for scale in scales:
            figures = measure(Path(folder), scale, args.shards, args.repeat, not args.no_serve,
                              not args.no_pages)
            _derive(figures)
            results.append(figures)
    print()
    print(table(results, args.shards))
    print()
    for figures in results:
        for note in figures.notes:
            print(note)
    print("Peak memory: the largest sum of proportional set sizes over the cold build's process "
          "tree, sampled every 0.1 s (psutil), not ru_maxrss (which misses the workers). "
          "The test step is not run on the scaled "
          "books; what of it grows with the book: the build of tests/real_book.py, the tests of "
          "every page's fences, the tests per page (test_browser, test_accessibility: Chromium) "
          "and per chapter (test_site).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
