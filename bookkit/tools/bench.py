#!/usr/bin/env python3
"""Benchmark of the build: what a reader of `mkdocs serve` and CI pay, measured side by side.

    python3 scripts/dev.py bench [--repeat 3]

It copies the working tree into a temporary folder, starts one Python process there and builds
the book the way ``mkdocs serve`` does (``mkdocs.commands.build.build`` again and again in one
process, strict), with an empty store of its own:

1. cold build: nothing stored;
2. no-change rebuild;
3. prose-edit rebuild: one sentence added to a chapter;
4. one-snippet-edit rebuild: one snippet prints one more line;
5. execution off (``BOOK_EXECUTE=off``): every block rendered without running anything.

Warm steps are repeated (``--repeat``, best time kept); the table gives seconds, the units each
build executed and reused, and each time as a ratio of the execution-off build. Targets:
no-change ≤ 1.3×, prose edit ≤ 1.5×, a snippet edit runs one unit. A benchmark, not a test:
it prints what it measured and fails only when a build fails.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bookkit.settings import child_environment

ROOT = Path(__file__).resolve().parents[2]
PROSE_PAGE = "docs/tensors/index.md"
SNIPPET = "snippets/tensors/shapes.py"

# Runs inside the copy: one process, many builds, like `mkdocs serve`.
DRIVER = r"""
import json, logging, os, re, sys, time
from pathlib import Path
from mkdocs.commands.build import build
from mkdocs.config import load_config

SUMMARY = re.compile(r"(\d+) units executed, (\d+) reused")
lines = []
handler = logging.Handler()
handler.emit = lambda record: lines.append(record.getMessage())
logging.getLogger("mkdocs.plugins.bookkit").addHandler(handler)
logging.getLogger("mkdocs.plugins.bookkit").setLevel(logging.INFO)

def one(label):
    lines.clear()
    start = time.perf_counter()
    build(load_config("mkdocs.yml", strict=os.environ.get("BOOK_EXECUTE") != "off"))
    seconds = time.perf_counter() - start
    found = [m for line in lines if (m := SUMMARY.search(line))]
    executed, reused = (int(found[-1][1]), int(found[-1][2])) if found else (0, 0)
    print(json.dumps({"step": label, "seconds": seconds, "executed": executed,
                      "reused": reused}), flush=True)

def edit(path, text):
    p = Path(path)
    p.write_text(p.read_text(encoding="utf-8") + text, encoding="utf-8")

repeat = int(sys.argv[1])
one("cold build")
for _ in range(repeat):
    one("no-change rebuild")
for i in range(repeat):
    edit(PROSE_PAGE, f"\n\n벤치마크가 덧붙인 문장 {i}입니다.\n")
    one("prose-edit rebuild")
for i in range(repeat):
    edit(SNIPPET, f"\nprint('bench {i}')\n")
    one("one-snippet-edit rebuild")
os.environ["BOOK_EXECUTE"] = "off"
for _ in range(repeat):
    one("execution off")
"""


def copy_tree(target: Path) -> None:
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--verbose", action="store_true", help="print every build's time")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="book-bench-") as folder:
        copy = Path(folder)
        copy_tree(copy)
        driver = DRIVER.replace("PROSE_PAGE", repr(PROSE_PAGE)).replace("SNIPPET", repr(SNIPPET))
        env = child_environment(NO_MKDOCS_2_WARNING="1", PYTHONHASHSEED="0",
                                BOOK_STORE=str(copy / ".cache" / "bench-store"),
                                PYTHONPATH=str(copy))
        print(f"building {copy} (repeat {args.repeat}) ...", flush=True)
        result = subprocess.run([sys.executable, "-c", driver, str(args.repeat)], cwd=copy,
                                env=env, capture_output=True, text=True)
        if result.returncode != 0:
            print(result.stderr[-5000:], file=sys.stderr)
            return 1
    rows: dict[str, dict] = {}
    for line in result.stdout.splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            if args.verbose:
                print(line)
            best = rows.get(row["step"])
            if best is None or row["seconds"] < best["seconds"]:
                rows[row["step"]] = row
    off = rows["execution off"]["seconds"]
    targets = {"no-change rebuild": "≤ 1.3×", "prose-edit rebuild": "≤ 1.5×",
               "one-snippet-edit rebuild": "runs 1 unit"}
    print("\n| build | seconds | units executed | units reused | × execution off | target |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for step, row in rows.items():
        print(f"| {step} | {row['seconds']:.2f} | {row['executed']} | {row['reused']} | "
              f"{row['seconds'] / off:.2f}× | {targets.get(step, '')} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
