"""One build reads each page's source once: every part of the build uses the one
:class:`bookkit.page_source.Page` the plugin makes in ``on_files``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import ROOT, book_env

pytestmark = pytest.mark.e2e  # builds the real book in a child process

# Counts the opens of docs/ pages made from bookkit's code during one build of the real book.
COUNT_READS = """
import collections, json, os, sys
from pathlib import Path

docs, code = str(Path("docs").resolve()) + os.sep, str(Path("bookkit").resolve()) + os.sep
reads = collections.Counter()

def count(event, args):
    if event != "open" or not isinstance(args[0], str) or any(m in str(args[1]) for m in "wax"):
        return
    path = os.path.abspath(args[0])
    if not path.startswith(docs) or not os.path.isfile(path):  # not a block's traceback name
        return
    frame = sys._getframe(1)
    while frame and not frame.f_code.co_filename.startswith(code):
        frame = frame.f_back
    if frame:
        reads[path[len(docs):]] += 1

sys.addaudithook(count)
from mkdocs.commands.build import build
from mkdocs.config import load_config

build(load_config("mkdocs.yml", site_dir=sys.argv[1], strict=True))
print(json.dumps(reads))
"""


def test_one_build_reads_each_page_once(checkout_build, tmp_path):
    result = subprocess.run(
        [sys.executable, "-c", COUNT_READS, str(tmp_path / "site")],
        cwd=ROOT,
        env=book_env(BOOK_MANIFEST=str(tmp_path / "manifest.json")),
        capture_output=True,
        text=True,
        timeout=3000,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    reads = json.loads(result.stdout.strip().splitlines()[-1])
    pages = {p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md")}
    assert {page: n for page, n in reads.items() if n != 1} == {}
    assert set(reads) == pages
