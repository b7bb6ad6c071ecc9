"""The real book built once per test run, shared by every pytest-xdist worker; the site font
cut once; and the rule that the tests of the book's fences come after that build.

``tests/conftest.py`` registers this module as a plugin, so its fixtures also reach the
fences collected under ``docs/`` (a conftest's fixtures reach only its own folder).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import MADE_FOR_SEVERAL, ROOT, book_env, made_once, run_folder
from filelock import FileLock

from bookkit.mkdocs.font_subset import write_site_font
from bookkit.pytest.plugin import require_stored

FONT_CACHE = ROOT / ".cache" / "bookkit" / "font"  # the checkout's own


@pytest.fixture(scope="session")
def font_cache(tmp_path_factory, worker_id) -> Path:
    """A site-font cache holding the decoded source font and the cut of the committed character
    list, made once per run (about 10 s, or copied from the checkout's cache) for every mini
    book and the real book, whose builds would each make it again. Cuts are reproducible, so a
    copy is the same as a cut made here."""

    def make(cache: Path) -> None:
        for made in [*FONT_CACHE.glob("source.*.ttf"), *FONT_CACHE.glob("pretendard-book.*")]:
            shutil.copy2(made, cache)
        (cache / "site").mkdir()
        write_site_font(cache / "site", cache)
        shutil.rmtree(cache / "site")
        (cache / "pages.json").unlink()

    return made_once(tmp_path_factory, worker_id, "font-cache", make)


BOOK_BUILD_LOG = "build.log"  # the real book's build's stderr, beside its site
PAGE_READS = "page-reads.json"  # {page under docs/: opens made by bookkit's code}, beside it

# `python -m mkdocs ARGS` that also counts the opens of docs/ pages (Markdown: the site's KaTeX,
# also under docs/, is read for the math cache's key) made from bookkit's code, and writes them to
# the file named by its first argument (tests/test_page_reads.py reads it).
BUILD_COUNTING_PAGE_READS = """
import atexit, collections, json, os, runpy, sys
from pathlib import Path

docs, code = str(Path("docs").resolve()) + os.sep, str(Path("bookkit").resolve()) + os.sep
reads = collections.Counter()

def count(event, args):
    if event != "open" or not isinstance(args[0], str) or any(m in str(args[1]) for m in "wax"):
        return
    path = os.path.abspath(args[0])
    if not (path.startswith(docs) and path.endswith(".md")) or not os.path.isfile(path):
        return
    frame = sys._getframe(1)
    while frame and not frame.f_code.co_filename.startswith(code):
        frame = frame.f_back
    if frame:
        reads[path[len(docs):]] += 1

out = sys.argv.pop(1)
atexit.register(lambda: Path(out).write_text(json.dumps(reads), encoding="utf-8"))
sys.addaudithook(count)
sys.argv[0] = "mkdocs"
runpy.run_module("mkdocs", run_name="__main__", alter_sys=True)
"""


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, worker_id, font_cache) -> Path:
    """The real book, built strictly once per run for all tests that inspect the site, and
    before any test that reads the checkout's store (see :func:`real_book_first`)."""

    def make(folder: Path) -> None:
        shutil.copytree(font_cache, FONT_CACHE, dirs_exist_ok=True)  # what the build would cut
        manifest = folder / "manifest.json"  # the build's output manifest, beside the site
        result = subprocess.run(
            [sys.executable, "-c", BUILD_COUNTING_PAGE_READS, str(folder / PAGE_READS),
             "build", "--strict", "--site-dir", str(folder / "site")],
            cwd=ROOT,
            env=book_env(BOOK_MANIFEST=str(manifest)),
            capture_output=True,
            text=True,
            timeout=3000,
        )
        (folder / BOOK_BUILD_LOG).write_text(result.stderr, encoding="utf-8")
        assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stderr[-6000:]}"

    return made_once(tmp_path_factory, worker_id, "book", make) / "site"


@pytest.fixture(scope="session")
def book_store(built_site) -> Path:
    """The checkout's store, filled by this run's build of the real book: a test that builds
    or tests the real book again asks for it, so it reuses every unit instead of racing that
    build to run it a second time."""
    return ROOT / ".cache" / "bookkit" / "store"


@pytest.fixture
def checkout_build(book_store, tmp_path_factory, worker_id):
    """For a test that builds the real book in the checkout again: the store is filled, and
    no other such build runs meanwhile (they share the checkout's caches)."""
    with FileLock(run_folder(tmp_path_factory, worker_id) / "checkout-build.lock"):
        yield book_store


BUILDS_THE_BOOK = pytest.StashKey[bool]()


def needs_the_book(item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    return bool({"built_site", "book_store"} & fixtures) or item.path.is_relative_to(ROOT / "docs")


def run_rank(item) -> int:
    """0: tests that need no book; 1: cold tests that need the built book; 2: the others that
    need it."""
    if not needs_the_book(item):
        return 0
    return 1 if item.get_closest_marker("cold") else 2


# What takes a test ten seconds or more once the book is built: the book built, printed or
# run again. Such tests start first among the last rank, the PDF's print (the longest, about a
# minute) before the others, so that it is done long before its waiters come and the run ends
# with short tests on every worker instead of one worker finishing a long test alone. Only in
# that rank: in the earlier ones they would queue behind the first test, which builds the book
# (xdist hands each worker its first two tests at once).
LONG_FIXTURES = frozenset({*MADE_FOR_SEVERAL, "verified_copy", "copy_site", "checkout_build"})


def run_order(item) -> tuple[int, int]:
    rank = run_rank(item)
    if rank != 2:
        return rank, 0
    fixtures = set(getattr(item, "fixturenames", ()))
    return rank, 0 if "printed_book" in fixtures else 1 if LONG_FIXTURES & fixtures else 2


@pytest.hookimpl(trylast=True)  # after -m, -k and the other selections
def pytest_collection_modifyitems(config, items):
    """Remember whether the run builds the real book, and order the tests so that the book's
    build starts first: the first test that needs the book, then those that need no book
    (the other xdist worker runs them meanwhile), then those that wait for it."""
    config.stash[BUILDS_THE_BOOK] = any(
        "built_site" in getattr(item, "fixturenames", ()) for item in items
    )
    items.sort(key=run_order)
    first = next((i for i, item in enumerate(items) if needs_the_book(item)), None)
    if first is not None:
        items.insert(0, items.pop(first))
    items[:] = waiters_last(items)


def waiters_last(items: list) -> list:
    """The tests in their order, but those that would wait for a thing made once for several
    (:data:`conftest.MADE_FOR_SEVERAL`) that an earlier test makes: these go last, so the other
    worker runs other tests meanwhile instead of waiting (the PDF's print takes about a minute)."""
    makers, waiters, seen = [], [], set()
    for item in items:
        shared = MADE_FOR_SEVERAL.intersection(getattr(item, "fixturenames", ()))
        (waiters if shared and shared <= seen else makers).append(item)
        seen |= shared
    return makers + waiters


@pytest.fixture(autouse=True)
def real_book_first(request):
    """A test of one of the real book's fences, in a run that builds the book anyway, waits
    for that build; then its unit must be in the store: it fails (NotStoredError) instead of
    running the unit a second time in this run."""
    node = request.node
    if node.path.is_relative_to(ROOT / "docs") and request.config.stash.get(BUILDS_THE_BOOK, False):
        request.getfixturevalue("book_store")
        require_stored()
