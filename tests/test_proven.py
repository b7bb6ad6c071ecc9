"""tests/proven.py and its watch (tests/prose_watch/): what a test and its children read of
the prose is seen, and a run remembers a passed test that saw none, and only that one."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import proven
from conftest import ROOT, book_env

from bookkit.settings import environment

prose_hook = proven.prose_hook

# A process watching a fake checkout at sys.argv[1], logging to sys.argv[2], that does what the
# test asks: read a file, or start a process.
WATCHED = """\
import os, subprocess, sys
sys.path.insert(0, {watch!r})
import prose_hook
root, log, what = sys.argv[1], sys.argv[2], sys.argv[3]
os.environ[prose_hook.LOG], os.environ[prose_hook.ROOT] = log, root
os.environ["PYTHONPATH"] = os.pathsep.join([{watch!r}, os.environ.get("PYTHONPATH", "")])
prose_hook.install(log, root)
read = "import os, sys; open(os.path.join(sys.argv[1], 'docs', 'page.md')).read()"
if what == "page":
    open(os.path.join(root, "docs", "page.md")).read()
elif what == "snippet":
    open(os.path.join(root, "snippets", "s.py")).read()
elif what == "site":
    open(os.path.join(root, "site", "index.html")).read()
elif what == "child reads":
    subprocess.run([sys.executable, "-c", read, root], check=True)
elif what == "child without the watch":
    subprocess.run([sys.executable, "-c", "pass"], env={{"PATH": os.environ["PATH"]}})
elif what == "child with its own path reads":  # the watch's folder is put back on its path
    subprocess.run([sys.executable, "-c", read, root], env=dict(os.environ, PYTHONPATH="/x"))
elif what == "isolated child":
    subprocess.run([sys.executable, "-I", "-c", "pass"], check=True)
elif what == "program in the checkout":
    subprocess.run(["ls"], cwd=root, check=True, capture_output=True)
elif what == "program elsewhere":
    subprocess.run(["ls"], cwd="/", check=True, capture_output=True)
elif what == "system":
    os.system("true")
elif what in ("script reads", "isolated script"):  # console scripts: #! names Python
    subprocess.run([os.path.join(root, "bin", what.split()[0])], cwd=root, check=True)
elif what == "playwright driver":  # exits at the end of its input
    driver = prose_hook._playwright_driver()
    subprocess.run([os.path.join(os.path.dirname(os.path.dirname(driver)), "node"), driver,
                    "run-driver"], cwd=root, stdin=subprocess.DEVNULL, timeout=60)
elif what.startswith("katex"):
    given = "docs/page.md" if what == "katex given prose" else "k.js"
    katex = [os.path.join(root, "bookkit", "mkdocs", "katex_render.js"), os.path.join(root, given)]
    subprocess.run(["node", *katex], cwd=root, capture_output=True)
"""


def watched(tmp_path: Path, what: str) -> list[str]:
    """The log's lines after a watched process did ``what`` in a fake checkout."""
    root, log = tmp_path / "book", tmp_path / f"{what}.log"
    reads = "import os; open(os.path.join('docs', 'page.md')).read()\n"
    for name, text in {"docs/page.md": "# 쪽\n", "snippets/s.py": "x = 1\n",
                       "site/index.html": "<p>쪽</p>\n", "k.js": "",
                       "bookkit/mkdocs/katex_render.js": "",
                       "bin/script": f"#!{sys.executable}\n{reads}",
                       "bin/isolated": f"#!{sys.executable} -I\n{reads}"}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
        (root / name).chmod(0o755)
    script = tmp_path / "watched.py"
    script.write_text(WATCHED.format(watch=str(proven.WATCH)), encoding="utf-8")
    env = {k: v for k, v in environment().items() if k not in (prose_hook.LOG, prose_hook.ROOT)}
    subprocess.run([sys.executable, str(script), str(root), str(log), what], check=True, env=env)
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def test_the_watch_sees_prose_reads_in_the_process_and_its_python_children(tmp_path):
    for what in ("page", "site", "child reads", "child with its own path reads", "script reads"):
        lines = watched(tmp_path, what)
        assert any(re.fullmatch(r"read .*/book/(docs/page\.md|site/index\.html)", line)
                   for line in lines), what
        assert not any(line.startswith("unwatched") for line in lines), (what, lines)
    for what in ("snippet", "program elsewhere", "katex", "playwright driver"):
        assert watched(tmp_path, what) == [], what


def test_the_watch_reports_processes_it_cannot_follow(tmp_path):
    for what in ("child without the watch", "isolated child", "isolated script",
                 "program in the checkout", "katex given prose", "system"):
        assert any(line.startswith("unwatched ") for line in watched(tmp_path, what)), what


def test_no_test_or_bookkit_module_opens_a_file_url():
    """The watch trusts Playwright's driver because a browser reads the checkout only through
    what the test process serves it; a file: URL would bypass that (prose_hook's docstring)."""
    sources = [*(ROOT / "tests").rglob("*.py"), *(ROOT / "bookkit").rglob("*.py")]
    here = Path(__file__).resolve()
    found = [f"{path.relative_to(ROOT)}: {match[0]}" for path in sources if path != here
             for match in re.finditer(r"file:/|as_uri\(", path.read_text(encoding="utf-8"))]
    assert found == []


def test_a_sitecustomize_the_watch_hides_still_runs(tmp_path):
    (tmp_path / "sitecustomize.py").write_text("print('the hidden one ran')\n", encoding="utf-8")
    env = {k: v for k, v in environment().items() if k not in (prose_hook.LOG, prose_hook.ROOT)}
    env["PYTHONPATH"] = os.pathsep.join([str(proven.WATCH), str(tmp_path)])
    result = subprocess.run([sys.executable, "-c", "pass"], env=env, capture_output=True,
                            text=True, check=True)
    assert result.stdout == "the hidden one ran\n"


def test_a_run_remembers_a_passed_test_that_saw_no_prose_and_only_that(tmp_path):
    """Two runs of two tests in the real checkout: a unit test, remembered by the first run and
    skipped as proven by the second; and one whose module reads the glossary at collection,
    which both runs run. ``--prove-all`` runs both again."""
    plain = "tests/test_made_once.py::test_two_workers_asking_at_once_get_one_making"
    reader = "tests/test_terms.py::test_the_tables_are_read_from_the_conventions_page"
    env = {k: v for k, v in book_env().items() if k not in (prose_hook.LOG, prose_hook.ROOT)}

    def run(*extra: str) -> str:
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "-p", "no:xdist",
             "-rs", "--basetemp", str(tmp_path / f"run{len(os.listdir(tmp_path))}"),
             plain, reader, *extra],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stdout[-3000:]
        return result.stdout

    first = run("--prove-all")
    assert "2 passed" in first and "1 passed and remembered" in first, first[-2000:]
    second = run()
    assert "1 passed, 1 skipped" in second, second[-2000:]
    assert f"{plain} SKIPPED" in second and "proven by an earlier run" in second, second[-2000:]
    assert "2 passed" in run("--prove-all")


def test_only_the_proofs_of_the_last_inputs_are_kept(tmp_path):
    proven_folder = tmp_path / "tests-proven"
    old_layout = proven_folder / "b1"  # a proof by its key's first two digits, as once kept
    old_layout.mkdir(parents=True)
    folders = [proven_folder / f"{n:024x}" for n in range(10)]
    for age, folder in enumerate(folders):  # folders[0] the newest
        folder.mkdir()
        (folder / "proof").write_text("test\n")
        os.utime(folder, (1_000_000 - age, 1_000_000 - age))
    current = proven_folder / ("f" * 24)
    proven.prune(proven_folder, current, keep=4)
    assert sorted(proven_folder.iterdir()) == sorted([current, *folders[:3]])
    proven.prune(proven_folder, folders[9], keep=4)  # back on an old tree: its proofs are gone
    assert sorted(proven_folder.iterdir()) == sorted([folders[9], current, *folders[:2]])


def test_a_run_with_workers_prunes_the_proofs_too(tmp_path):
    """``dev.py test`` runs pytest-xdist: its controller, which runs no test, prunes."""
    old = [proven.PROVEN / f"{n:024x}" for n in range(proven.KEEP)]  # older than any real one
    for folder in old:
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder, (1_000_000, 1_000_000))
    env = {k: v for k, v in book_env().items()
           if k not in (prose_hook.LOG, prose_hook.ROOT, "PYTEST_XDIST_WORKER")}  # a run of its own
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2",
         "--basetemp", str(tmp_path / "run"), "tests/test_made_once.py"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:]
    left = [folder for folder in old if folder.exists()]
    for folder in left:
        folder.rmdir()
    assert len(left) < len(old)  # the current inputs' folder and at most KEEP - 1 others stay
