#!/usr/bin/env python3
"""Fetch the vendored Korean font from the npm registry (pretendard, SIL OFL 1.1).

    python3 scripts/fetch_fonts.py [--check]

- Plots (bookkit/plots.py) draw their text with Pretendard Regular, registered with
  matplotlib's font_manager; it has Hangul and the minus sign U+2212 (bookkit/fonts/).
- The site's text font is cut at build time from the full Pretendard Variable
  (bookkit/fonts/PretendardVariable.woff2, bookkit/mkdocs/font_subset.py) to the characters
  the built site uses: one file per site. Its dynamic subset stays as the fallback for any
  other character: 92 woff2 slices with a stylesheet whose unicode-range lets the browser fetch
  only the slices a page uses (docs/assets/vendor/pretendard/, served by the site itself).

The files and the license are committed; this script fetches the pinned release with
`npm pack` and writes them again, or with --check only verifies that the committed files equal
the release's.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "pretendard"
VERSION = "1.3.9"
WEB = "docs/assets/vendor/pretendard"
FILES = [  # (path in the npm package, path in the repository)
    ("package/dist/public/static/alternative/Pretendard-Regular.ttf",
     "bookkit/fonts/Pretendard-Regular.ttf"),
    ("package/dist/web/variable/woff2/PretendardVariable.woff2",
     "bookkit/fonts/PretendardVariable.woff2"),
    ("package/dist/LICENSE.txt", "bookkit/fonts/LICENSE-Pretendard.txt"),
    ("package/dist/LICENSE.txt", f"{WEB}/LICENSE.txt"),
    ("package/dist/web/variable/pretendardvariable-dynamic-subset.css",
     f"{WEB}/pretendardvariable-dynamic-subset.css"),
]
SLICES = "package/dist/web/variable/woff2-dynamic-subset/"  # every file in it, to WEB/...


def fetch(folder: Path) -> Path:
    subprocess.run(["npm", "pack", f"{PACKAGE}@{VERSION}", "--silent"], cwd=folder, check=True,
                   stdout=subprocess.DEVNULL)
    return folder / f"{PACKAGE}-{VERSION}.tgz"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the release")
    args = parser.parse_args(argv)
    stale = []
    with tempfile.TemporaryDirectory() as folder, tarfile.open(fetch(Path(folder))) as tar:
        files = list(FILES) + [
            (member, f"{WEB}/woff2-dynamic-subset/{member.removeprefix(SLICES)}")
            for member in tar.getnames() if member.startswith(SLICES) and member.endswith(".woff2")
        ]
        for member, target in files:
            data = tar.extractfile(member).read()
            path = ROOT / target
            if path.is_file() and path.read_bytes() == data:
                continue
            if args.check:
                stale.append(target)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
                print(f"wrote {target} ({len(data):,} bytes)")
    for target in stale:
        print(f"differs from {PACKAGE}@{VERSION}: {target}", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
