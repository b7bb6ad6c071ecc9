"""Shared fixtures: a throw-away book project, the mini books and whatever else a run makes
once for all its xdist workers (:func:`made_once`); tiers. The real book's fixtures are in
``tests/real_book.py``, registered here as a plugin.

Every test gets one tier marker (pyproject's ``markers``), the first that fits:
``cold`` (it executes book code with no store to reuse), ``e2e`` (it builds or tests a book in
a child process, or drives the browser), ``book`` (it reads the real book: its pages' fences,
or the site built once), ``unit`` (everything else, in this process).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest
from filelock import FileLock

from bookkit.settings import child_environment, environment

ROOT = Path(__file__).resolve().parent.parent
MKDOCS = [sys.executable, "-m", "mkdocs"]


MADE_LOG = "made-once.log"  # one line per thing made_once made, in the run's shared folder


def run_folder(tmp_path_factory, worker_id: str) -> Path:
    """The temporary folder every xdist worker of this run shares (the run's own without -n)."""
    base = tmp_path_factory.getbasetemp()
    return base if worker_id == "master" else base.parent


def made_once(tmp_path_factory, worker_id: str, name: str, make) -> Path:
    """The folder ``name``, filled by ``make(folder)`` once per test run however many xdist
    workers ask: pytest-xdist's documented pattern, a FileLock in the folder all workers of the
    run share. A failure is remembered, so no other worker tries again: it fails the same way."""
    shared = run_folder(tmp_path_factory, worker_id)
    folder, failed = shared / name, shared / f"{name}.failed"
    with FileLock(shared / f"{name}.lock"):
        if not folder.exists() and not failed.exists():
            making = shared / f"{name}.making"
            shutil.rmtree(making, ignore_errors=True)
            making.mkdir()
            with (shared / MADE_LOG).open("a", encoding="utf-8") as log:
                log.write(f"{name} {worker_id}\n")
            try:
                make(making)
            except BaseException as error:
                failed.write_text(f"{type(error).__name__}: {error}", encoding="utf-8")
                raise
            making.rename(folder)
    if failed.exists():
        pytest.fail(f"{name} failed in another worker:\n{failed.read_text(encoding='utf-8')}")
    return folder


def book_env(**extra: str) -> dict[str, str]:
    """The environment for a child build or test run (read now, so monkeypatch.setenv works)."""
    path = os.pathsep.join(filter(None, [str(ROOT), environment().get("PYTHONPATH")]))
    return child_environment(NO_MKDOCS_2_WARNING="1", PYTHONPATH=path, **extra)


# The execution plugin and every feature plugin, as mkdocs.yml lists them.
BOOKKIT_PLUGINS = "".join(f"  - {name}\n" for name in (
    "bookkit", "bookkit/glossary", "bookkit/notebooks", "bookkit/math", "bookkit/search",
    "bookkit/font", "bookkit/checks"))

MINI_CONFIG = """
site_name: mini
theme: {name: material, language: ko, font: false}
plugins:
  - markdown-exec: {languages: [python]}
""" + BOOKKIT_PLUGINS + """markdown_extensions:
  - admonition
  - pymdownx.snippets: {base_path: ["."], check_paths: true}
  - pymdownx.superfences
  - pymdownx.tabbed: {alternate_style: true}
"""


class MiniBook:
    """A tiny book project in a temporary folder, built and tested like the real one.

    Its workers preload nothing but bookkit (``BOOK_PRELOAD=""``): the small books here rarely
    import torch, and a block that does imports it in its own worker.
    """

    def __init__(self, root: Path, font_cache: Path | None = None) -> None:
        self.root = root
        if font_cache:  # the site font's cut, made once (see the font_cache fixture)
            shutil.copytree(font_cache, root / ".cache" / "bookkit" / "font")
        (root / "docs").mkdir()
        (root / "snippets").mkdir()
        (root / "mkdocs.yml").write_text(MINI_CONFIG, encoding="utf-8")
        (root / "pyproject.toml").write_text(
            '[tool.pytest.ini_options]\ntestpaths = ["docs"]\n'
            'addopts = "-p no:pytest_markdown_docs -p bookkit.pytest.plugin --markdown-docs"\n'
        )
        self.env = {"BOOK_PRELOAD": ""}

    def page(self, name: str, text: str) -> Path:
        path = self.root / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    def snippet(self, name: str, code: str) -> None:
        path = self.root / "snippets" / name
        path.write_text(textwrap.dedent(code), encoding="utf-8")

    def build(self) -> subprocess.CompletedProcess:
        return subprocess.run(
            [*MKDOCS, "build", "--strict"], cwd=self.root, env=book_env(**self.env),
            capture_output=True, text=True, timeout=300,
        )

    def pytest(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
            cwd=self.root, env=book_env(**self.env), capture_output=True, text=True,
            timeout=300,
        )

    def one_block_page(self, name: str, code: str, session: str = "s") -> None:
        """``docs/NAME.md`` whose one executed block (line 3, id NAME) includes ``code``."""
        self.page(
            f"{name}.md",
            f'# {name}\n\n```python exec="on" session="{session}" id="{name}" result="text"\n'
            f'--8<-- "snippets/{name}.py"\n```\n',
        )
        self.snippet(f"{name}.py", code)


@pytest.fixture
def temporary():
    """An empty temporary folder for a child process's TMPDIR, to see what it leaves there:
    short, since multiprocessing puts a socket in it and a socket's path has at most 107 bytes
    (pytest's tmp_path is longer under xdist)."""
    folder = Path(tempfile.mkdtemp(prefix="child-tmp-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def mini_book(tmp_path: Path, font_cache: Path) -> MiniBook:
    return MiniBook(tmp_path, font_cache)


def built_once(tmp_path_factory, worker_id: str, name: str, fill, *test_args: str):
    """A mini book filled by ``fill(book)``, built once and tested once (``pytest
    TEST_ARGS``) per run, whichever xdist worker asks: the book (with what ``fill`` returned as
    attributes), its build and its test run."""

    def make(folder: Path) -> None:
        (folder / "book").mkdir()
        book = MiniBook(folder / "book")
        extra = fill(book, folder) or {}
        runs = {"build": book.build(), "tests": book.pytest(*test_args)}
        record = {name: [run.args, run.returncode, run.stdout, run.stderr]
                  for name, run in runs.items()}
        (folder / "runs.json").write_text(json.dumps({**record, "extra": extra}), "utf-8")

    folder = made_once(tmp_path_factory, worker_id, name, make)
    record = json.loads((folder / "runs.json").read_text("utf-8"))
    book = SimpleNamespace(root=folder / "book", **record["extra"])
    return (book, subprocess.CompletedProcess(*record["build"]),
            subprocess.CompletedProcess(*record["tests"]))


@pytest.fixture(scope="session")
def fault_book(tmp_path_factory, worker_id):
    """One mini book whose pages each fail at run time in their own way, built once and tested
    once (``pytest -rA``): the tests that read it each check that their fault is reported with
    its own page, line and block, so a fault no longer caught fails its own test.

    Its pages and what each must fail with are in :data:`FAULT_PAGES`.
    """

    def fill(book: MiniBook, folder: Path) -> None:
        book.env["BOOK_BLOCK_TIMEOUT"] = "3"
        for name, (code, _) in FAULT_PAGES.items():
            book.one_block_page(name, code)
        book.one_block_page("fine", "print('still here')\n")
        book.page("defined-later.md", """\
            # 페이지

            ```python exec="on" session="s" id="define" result="text"
            --8<-- "snippets/define.py"
            ```

            === "탭 안"

                ```python exec="on" session="s" id="use" result="text"
                --8<-- "snippets/use-renamed.py"
                ```
            """)
        book.snippet("define.py", "value = 21\nprint(value)\n")
        book.snippet("use-renamed.py", "print(renamed * 2)\n")

    return built_once(tmp_path_factory, worker_id, "fault-book", fill, "-rA")


# page of the fault book: (code of its one block, what the failure must say after its label)
FAULT_PAGES = {
    "raises": ("raise ValueError('broken on purpose')\n", "ValueError: broken on purpose"),
    # a name defined on another page, in a session of the same name
    "other-page": ("print(value)\n", "NameError: name 'value' is not defined"),
    "hangs": ("import time\ntime.sleep(30)\nprint('never')\n",
              "BlockTimeout: block ran longer than 3 s"),
    # a nested run (as the recordings' live CPU tab does) cannot reset the block's clock
    "nested": ("import time\nfrom bookkit.exec.capture import new_namespace, run_code\n\n"
               "run_code(\"print('inner')\", new_namespace(\"inner\"), \"inner\")\n"
               "time.sleep(30)\nprint(\"never\")\n",
               "BlockTimeout: block ran longer than 3 s"),
    "exit": ("import os\nos._exit(0)\n", "WorkerExited: the worker process ended (exit code 0)"),
    "sys-exit": ("import sys\nsys.exit(0)\n", "SystemExit: 0"),
    "interrupt": ("raise KeyboardInterrupt\n", "KeyboardInterrupt"),
    "huge-print": ("print('x' * 20_000_000)\n",
                   "OutputLimitExceeded: block printed more than 1,000,000 characters"),
    "swallowed-huge-print": (
        "try:\n    print('x' * 2_000_000)\nexcept BaseException:\n    pass\nprint('ok')\n",
        "OutputLimitExceeded",
    ),
}


@pytest.fixture(scope="session")
def invalid_book(tmp_path_factory, worker_id):
    """One mini book whose pages each hold an executed block that is invalid before anything
    runs (a missing snippet, no id, code that is not an include, includes leaving the
    repository), built once and tested once; each test checks its own page:line message."""

    def fill(book: MiniBook, folder: Path) -> dict:
        book.page("missing.md", '# 쪽\n\n```python exec="on" id="gone" result="text"\n'
                                '--8<-- "snippets/gone.py"\n```\n')
        book.page("no-id.md", '# 쪽\n\n```python exec="on" session="s"\nprint(1)\n```\n')
        (folder / "elsewhere").mkdir()
        outside = folder / "elsewhere" / "outside.py"
        outside.write_text("print('read from outside')\n")
        (book.root / "snippets" / "link.py").symlink_to(outside)
        climb = os.path.relpath(outside, book.root)
        for name, spec in {"link": "snippets/link.py", "climb": climb,
                           "absolute": "/etc/passwd"}.items():
            book.page(f"{name}.md", f'# {name}\n\n```python exec="on" id="{name}" '
                                    f'result="text"\n--8<-- "{spec}"\n```\n')
        return {"climb": climb}

    return built_once(tmp_path_factory, worker_id, "invalid-book", fill)


def assert_invalid_reported(invalid_book, said: str) -> None:
    """The invalid book's build and test run both failed, saying ``said``."""
    _, build, tests = invalid_book
    assert build.returncode != 0
    assert said in build.stderr, build.stderr[-3000:]
    assert tests.returncode != 0
    assert said in tests.stdout, tests.stdout[-3000:]


def assert_fault_reported(fault_book, name: str, line: int = 3, block: str | None = None,
                          message: str | None = None) -> None:
    """The fault book's build and test run both failed on ``docs/NAME.md``'s block, saying so."""
    _, build, tests = fault_book
    block = block or name
    said = f"docs/{name}.md:{line} (block '{block}'): {message or FAULT_PAGES[name][1]}"
    assert build.returncode != 0
    assert said in build.stderr, build.stderr[-3000:]
    assert tests.returncode != 0
    assert f"FAILED docs/{name}.md::{block}[line:{line}]" in tests.stdout, tests.stdout[-3000:]
    assert said in tests.stdout, tests.stdout[-3000:]


TIERS = ("cold", "e2e", "book", "unit")
# Mini books built once for several tests (session or module fixtures).
SHARED_BOOKS = ("fault_book", "invalid_book", "reviewed_edits")
# What made_once makes for several tests: the first test to ask makes it, the others wait for it
# (tests/real_book.py orders them so that they rarely have to).
MADE_FOR_SEVERAL = frozenset({*SHARED_BOOKS, "printed_book"})


# First, before -m selects by tier.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Give each test its tier."""
    for item in items:
        if any(item.get_closest_marker(tier) for tier in TIERS):
            continue
        fixtures = set(getattr(item, "fixturenames", ()))
        if {"mini_book", *SHARED_BOOKS} & fixtures:
            item.add_marker(pytest.mark.e2e)
        elif item.path.suffix == ".md" or "built_site" in fixtures:
            item.add_marker(pytest.mark.book)
        else:
            item.add_marker(pytest.mark.unit)


# --- labs: exercise tests run against the solutions (CI) or a student's own version ---------
def pytest_addoption(parser):
    parser.addoption(
        "--impl",
        choices=("solution", "exercise", "workspace"),
        default="solution",
        help="which version the lab exercise tests import: solution (default), exercise "
        "(the student version under labs/.../exercises) or workspace (a student's own copy, "
        "workspace/<name>.py, made by `python3 scripts/dev.py exercise start <name>`)",
    )
    parser.addoption(
        "--workspace",
        default=None,
        help="the folder of the student's copies for --impl=workspace (default: workspace/)",
    )


def pytest_configure(config):
    """The real book's fixtures reach every test, the fences under docs/ among them."""
    import real_book

    config.pluginmanager.register(real_book, "real-book")


@pytest.fixture(autouse=True)
def _unit_tests_start_no_process(request, monkeypatch):
    """A test's tier follows from what it does: a ``unit`` test runs in this process, so one
    that starts a process (a subprocess, a worker, a browser) fails here and is marked ``e2e``
    (a module's ``pytestmark``, or the test's own marker). A process a module starts while it
    is imported (jupytext asks pandoc its version) is the import's, not the test's: allowed, so
    the tier does not depend on which test imports a module first."""
    if request.node.get_closest_marker("unit") is None:
        return
    import multiprocessing.process
    import sys as _sys

    def importing() -> bool:
        frame = _sys._getframe(2)
        while frame is not None:
            if frame.f_code.co_filename.startswith("<frozen importlib"):
                return True
            frame = frame.f_back
        return False

    def guard(original):
        def start(*args, **kwargs):
            if importing():
                return original(*args, **kwargs)
            raise RuntimeError(f"{request.node.nodeid}: a unit test started a process; mark it "
                               "e2e (tests/conftest.py, tiers)")
        return start

    monkeypatch.setattr(subprocess.Popen, "_execute_child",
                        guard(subprocess.Popen._execute_child))
    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start",
                        guard(multiprocessing.process.BaseProcess.start))
