"""No block can end, hang or change the build or the tests from outside its own unit.

Each fault below was tried on the engine that ran every block inside the build process: there
it ended the build and pytest with exit code 0, leaked state into later pages, or hung.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

FAULTS = {
    # page name: (code of its one block, what the failure must say)
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


def one_block_page(book, name: str, code: str, session: str = "s") -> None:
    book.page(
        f"{name}.md",
        f'# {name}\n\n```python exec="on" session="{session}" id="{name}" result="text"\n'
        f'--8<-- "snippets/{name}.py"\n```\n',
    )
    book.snippet(f"{name}.py", code)


def test_exits_interrupts_and_huge_outputs_fail_their_block_in_build_and_tests(mini_book):
    for name, (code, _) in FAULTS.items():
        one_block_page(mini_book, name, code)
    one_block_page(mini_book, "fine", "print('still here')\n")
    build = mini_book.build()
    assert build.returncode != 0
    for name, (_, message) in FAULTS.items():
        assert f"docs/{name}.md:3 (block '{name}'): {message}" in build.stderr, name
    tests = mini_book.pytest()
    assert tests.returncode != 0
    assert "5 failed, 1 passed" in tests.stdout, tests.stdout[-3000:]
    for name in FAULTS:
        assert f"docs/{name}.md:3 (block '{name}')" in tests.stdout, name


def test_process_state_does_not_leak_into_other_pages(mini_book, tmp_path_factory):
    shadow = tmp_path_factory.mktemp("shadow")
    (shadow / "helper.py").write_text("WHO = 'shadow'\n")
    (mini_book.root / "helper.py").write_text("WHO = 'project'\n")
    one_block_page(mini_book, "leaky", f"""\
import os, sys, threading, time
import torch

os.chdir("/")
sys.path.insert(0, {str(shadow)!r})
sys.modules.pop("helper", None)
sys.setrecursionlimit(60)
torch.set_printoptions(precision=1)

def chatter():
    while True:
        print("LEAKED")
        time.sleep(0.01)

threading.Thread(target=chatter, daemon=True).start()
threading.Thread(target=time.sleep, args=(3600,)).start()  # non-daemon, never ends
print("left a mess")
""", session="a")
    one_block_page(mini_book, "clean", """\
import os, sys, time
import torch
import helper

time.sleep(0.5)
# Units run in a scratch folder that links the project's top-level entries (not in "/").
print("cwd sees the project:", os.getcwd() != "/" and os.path.isfile("helper.py"))
print("helper:", helper.WHO)
print("recursion limit:", sys.getrecursionlimit() >= 1000)
print(torch.tensor(2.0207))
""", session="b")
    build = mini_book.build()
    assert build.returncode == 0, build.stderr
    html = (mini_book.root / "site" / "clean" / "index.html").read_text()
    for expected in ("cwd sees the project: True", "helper: project", "recursion limit: True",
                     "tensor(2.0207)"):
        assert expected in html, expected
    for page in (mini_book.root / "site").rglob("*.html"):
        if page.parent.name != "leaky":
            assert "LEAKED" not in page.read_text(), page
    tests = mini_book.pytest()
    assert tests.returncode == 0 and "2 passed" in tests.stdout, tests.stdout[-3000:]


def test_includes_resolve_inside_the_repository_or_fail(mini_book, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere") / "outside.py"
    outside.write_text("print('read from outside')\n")
    (mini_book.root / "snippets" / "link.py").symlink_to(outside)
    climb = os.path.relpath(outside, mini_book.root)
    pages = {"link": "snippets/link.py", "climb": climb, "absolute": "/etc/passwd"}
    for name, spec in pages.items():
        mini_book.page(
            f"{name}.md",
            f'# {name}\n\n```python exec="on" id="{name}" result="text"\n--8<-- "{spec}"\n```\n',
        )
    messages = {
        "link": "docs/link.md:4: include 'snippets/link.py' resolves outside the repository",
        "climb": f"docs/climb.md:4: include '{climb}' resolves outside the repository",
        "absolute": "docs/absolute.md:4: include '/etc/passwd' is an absolute path",
    }
    build = mini_book.build()
    assert build.returncode != 0
    tests = mini_book.pytest()
    assert tests.returncode != 0
    for message in messages.values():
        assert message in build.stderr
        assert message in tests.stdout
    assert "read from outside" not in build.stdout + build.stderr + tests.stdout


def test_a_serve_rebuild_runs_edited_project_modules_afresh(mini_book, monkeypatch):
    """`mkdocs serve` rebuilds in one process; an edited module must not stay imported."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    (mini_book.root / "helper.py").write_text("VALUE = 1\n")
    one_block_page(mini_book, "uses", "import helper\nprint('value', helper.VALUE)\n")
    monkeypatch.chdir(mini_book.root)
    page = mini_book.root / "site" / "uses" / "index.html"
    build(load_config(str(mini_book.root / "mkdocs.yml")))
    assert "value 1" in page.read_text()
    (mini_book.root / "helper.py").write_text("VALUE = 2\n")
    build(load_config(str(mini_book.root / "mkdocs.yml")))
    assert "value 2" in page.read_text()


def test_a_block_that_runs_other_code_keeps_its_own_timeout(mini_book):
    """A nested run (as the recordings' live CPU tab does) cannot reset the block's clock."""
    one_block_page(mini_book, "nested", """\
import time
from bookkit.exec.capture import new_namespace, run_code

run_code("print('inner')", new_namespace("inner"), "inner")
time.sleep(30)
print("never")
""")
    mini_book.env["BOOK_BLOCK_TIMEOUT"] = "2"
    build = mini_book.build()
    assert build.returncode != 0
    assert "docs/nested.md:3 (block 'nested'): BlockTimeout: block ran longer than 2 s" in (
        build.stderr
    )


def processes_with(marker: str) -> list[int]:
    """Processes whose environment holds ``marker`` (they descend from one test's build)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and marker.encode() in (entry / "environ").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def test_workers_leave_no_process_behind(mini_book):
    """A non-daemon thread would keep a worker alive; workers leave with os._exit."""
    one_block_page(mini_book, "sleeper", "import threading, time\n"
                   "threading.Thread(target=time.sleep, args=(3600,)).start()\nprint('ok')\n")
    marker = f"book-test-{os.getpid()}-{mini_book.root.name}"
    mini_book.env["BOOK_TEST_MARKER"] = marker
    build = mini_book.build()
    assert build.returncode == 0, build.stderr
    deadline = time.monotonic() + 10
    while processes_with(marker) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert processes_with(marker) == []
