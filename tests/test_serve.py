"""What one `mkdocs serve --dirty` keeps between its rebuilds (bookkit.mkdocs.dirty) never
shows a stale page: after several saves, each rebuilt in the same process, the site is the one a
clean build of the saved sources gives."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from conftest import BOOKKIT_PLUGINS, ROOT, book_env

from bookkit.mkdocs.math_render import KATEX

CONFIG = """
site_name: serve
theme: {name: material, language: ko, font: false}
plugins:
  - search: {lang: ko}
  - markdown-exec: {languages: [python]}
""" + BOOKKIT_PLUGINS + """markdown_extensions:
  - pymdownx.arithmatex: {generic: true}
  - pymdownx.snippets: {base_path: ["."], check_paths: true}
  - pymdownx.superfences
  - tables
nav:
  - index.md
  - 하나: one.md
  - 둘: two.md
  - glossary.md
"""

PAGES = {
    "index.md": "# 홈\n\n작은 책입니다. 식 \\( x^2 \\)이 있습니다.\n",
    "one.md": "---\nkind: chapter\n---\n# 1. 하나\n\n텐서를 다룹니다.\n\n"
    '```python exec="1" id="one"\n--8<-- "snippets/one.py"\n```\n',
    "two.md": "---\nkind: chapter\n---\n# 2. 둘\n\n기울기를 셉니다.\n",
    "glossary.md": "---\nkind: glossary\n---\n# 용어집\n\n| 한국어 | 영어 | 뜻 |\n"
    "| --- | --- | --- |\n| 텐서 | tensor | 배열 |\n"
    "| 기울기 | gradient | 미분값 |\n",
}

# One process plays `serve --dirty`: a first build, then each save rebuilt in turn:
# 1. a new formula on a chapter (KaTeX, whose node process ended with the last build);
# 2. the other chapter now uses a term, and the snippet prints something else (the glossary's
#    "나오는 곳" and the chapter's kept units must both follow).
DRIVER = r"""
import json, sys
from pathlib import Path
from mkdocs.commands.build import build
from mkdocs.config import load_config

def append(name, text):
    page = Path(name)
    page.write_text(page.read_text(encoding="utf-8") + text, encoding="utf-8")

folder = sys.argv[1]
config = load_config("mkdocs.yml", site_dir=folder, strict=True)
if sys.argv[2] == "serve":
    config.plugins.on_startup(command="serve", dirty=True)
    build(config, dirty=True)
    append("docs/one.md", "\n새 식은 \\( y^3 + 1 \\)입니다.\n")
    build(load_config("mkdocs.yml", site_dir=folder, strict=True), dirty=True)
    append("docs/two.md", "\n텐서도 씁니다.\n")
    Path("snippets/one.py").write_text("print('바뀐 출력')\n", encoding="utf-8")
    build(load_config("mkdocs.yml", site_dir=folder, strict=True), dirty=True)
else:
    build(config)
print(json.dumps({str(p.relative_to(folder)): p.read_text(encoding="utf-8")
                  for p in sorted(Path(folder).rglob("*")) if p.suffix in (".html", ".json")}))
"""


def _site(root: Path, mode: str) -> dict[str, str]:
    result = subprocess.run(
        [sys.executable, "-c", DRIVER, str(root / f"site-{mode}"), mode],
        cwd=root,
        capture_output=True,
        text=True,
        env=book_env(BOOK_PRELOAD=""),
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def _book(root: Path, font_cache: Path) -> None:
    shutil.copytree(font_cache, root / ".cache" / "bookkit" / "font")
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    for folder in ("snippets", "docs"):
        (root / folder).mkdir()
    (root / "snippets" / "one.py").write_text("print('처음 출력')\n", encoding="utf-8")
    for name, text in PAGES.items():
        (root / "docs" / name).write_text(text, encoding="utf-8")
    (root / "docs" / KATEX).parent.mkdir(parents=True)
    shutil.copy2(ROOT / "docs" / KATEX, root / "docs" / KATEX)


@pytest.mark.e2e  # starts a process
def test_saves_in_one_serve_give_the_site_a_clean_build_gives(tmp_path, font_cache):
    _book(tmp_path, font_cache)
    served = _site(tmp_path, "serve")
    clean = _site(tmp_path, "clean")
    assert served["one/index.html"].count('class="katex"') == 1  # the saved formula, set
    assert "바뀐 출력" in served["one/index.html"]
    glossary = served["glossary/index.html"]
    where = re.findall(r'<a [^>]*title="2\. 둘">[^<]*</a>', glossary)
    assert len(where) == 2, glossary[glossary.find("<table"):][:1500]  # 둘 now uses 텐서 too
    assert sorted(served) == sorted(clean)
    for name in clean:
        assert served[name] == clean[name], f"{name} differs from a clean build"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _served(url: str, text: str, limit: float) -> bool:
    """Whether the page at ``url`` comes to contain ``text`` within ``limit`` seconds."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if text in response.read().decode("utf-8"):
                    return True
        except OSError:
            pass
        time.sleep(0.1)
    return False


def _forkserver_of(pid: int, limit: float) -> bool:
    """Whether process ``pid`` comes to have multiprocessing's forkserver as a child."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        for child in Path("/proc").glob("[0-9]*"):
            try:
                status = (child / "status").read_text()
                command = (child / "cmdline").read_bytes()
            except OSError:
                continue
            if f"\nPPid:\t{pid}\n" in status and b"multiprocessing.forkserver" in command:
                return True
        time.sleep(0.1)
    return False


# A terminal starts a command with SIGINT, SIGHUP and SIGTERM at their defaults, but this test
# process may have inherited some of them ignored (a shell's background job ignores SIGINT,
# nohup SIGHUP), and an ignored signal stays ignored across exec: `serve` would not see the
# Ctrl-C that _stop sends. Put in front of a command, this resets them and execs it, same pid.
AS_FROM_A_TERMINAL = [
    sys.executable, "-c",
    "import os, signal, sys\n"
    "for s in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM): signal.signal(s, signal.SIG_DFL)\n"
    "os.execvp(sys.argv[1], sys.argv[1:])\n",
]


def _stop(server: subprocess.Popen, signum: int, temporary: Path) -> None:
    """End `serve` with ``signum``, as a user (Ctrl-C), a closed terminal or a process manager
    does: it ends through its cleanup (status 0 for Ctrl-C, 128 + the signal otherwise) and
    leaves nothing in its temporary folder (its site copy, multiprocessing's folder, the units'
    folders; bookkit.exec.runner.exit_on_signals). Planted: without that handler SIGTERM and
    SIGHUP left the site copy and multiprocessing's folder."""
    server.send_signal(signum)
    assert server.wait(timeout=30) == (0 if signum == signal.SIGINT else 128 + signum)
    assert not list(temporary.iterdir())


@pytest.mark.e2e  # starts a process
def test_serve_shows_a_saved_page_and_snippet(tmp_path, font_cache, temporary):
    """The real `serve --dirty` (its quicker watcher: bookkit.mkdocs.dirty.quicken_watcher)
    sees a save in docs/ and one in a folder of `watch:`."""
    _book(tmp_path, font_cache)
    config = tmp_path / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8") + "watch: [snippets]\n", encoding="utf-8")
    port = _free_port()
    url = f"http://127.0.0.1:{port}/one/"
    # The store holds every output, so serve's first build executes nothing.
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict"], cwd=tmp_path,
                   env=book_env(BOOK_PRELOAD=""), check=True, capture_output=True)
    log = (tmp_path / "serve.log").open("w", encoding="utf-8")
    env = book_env(BOOK_PRELOAD="", TMPDIR=str(temporary))
    server = subprocess.Popen(
        [*AS_FROM_A_TERMINAL, sys.executable, "-m", "mkdocs", "serve", "--dirty", "--dev-addr",
         f"127.0.0.1:{port}"],
        cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        assert _served(url, "처음 출력", 120), (tmp_path / "serve.log").read_text()
        # Nothing was executed, yet the workers' server is starting: a snippet save won't wait.
        assert "0 units executed, 1 reused" in (tmp_path / "serve.log").read_text()
        assert _forkserver_of(server.pid, 30), "serve did not start the execution server"
        page = tmp_path / "docs" / "one.md"
        page.write_text(
            page.read_text(encoding="utf-8") + "\n저장한 문장입니다.\n", encoding="utf-8"
        )
        assert _served(url, "저장한 문장입니다", 30), (tmp_path / "serve.log").read_text()
        (tmp_path / "snippets" / "one.py").write_text("print('저장한 출력')\n", encoding="utf-8")
        assert _served(url, "저장한 출력", 60), (tmp_path / "serve.log").read_text()
        # An editor that saves by writing a new file and renaming it over the old one: the page,
        # and mkdocs.yml (watched as a single file).
        for path, old_text, new_text, shown in [
                (page, "저장한 문장", "바꿔 저장한 문장", "바꿔 저장한 문장"),
                (config, "site_name: serve", "site_name: 이름을 바꾼 책", "이름을 바꾼 책")]:
            renamed = path.with_name(path.name + ".new")
            renamed.write_text(path.read_text(encoding="utf-8").replace(old_text, new_text, 1),
                               encoding="utf-8")
            os.replace(renamed, path)
            assert _served(url, shown, 30), (tmp_path / "serve.log").read_text()
        # Reading the files (a build does) is not a save: no build starts by itself (planted:
        # the watcher without its filter of events builds again and again).
        time.sleep(1.0)
        builds = (tmp_path / "serve.log").read_text().count("Building documentation")
        time.sleep(1.5)
        assert (tmp_path / "serve.log").read_text().count("Building documentation") == builds
        _stop(server, signal.SIGHUP, temporary)  # the terminal was closed
    finally:
        server.kill()
        server.wait(timeout=30)
        log.close()


def test_mkdocs_serve_from_the_activated_environment(mini_book, temporary):
    """A MkDocs user activates the environment and runs `mkdocs serve`: no PYTHONPATH, no
    dev.py. The plugin is found by its entry point (pyproject.toml; dev.py env installs the
    project into .venv) and the page shows its executed output."""
    activate = ROOT / ".venv" / "bin" / "activate"
    if not activate.is_file():
        pytest.skip("no .venv here (dev.py env makes it)")
    mini_book.one_block_page("p", "print('from', 6 * 7)\n")
    port = _free_port()
    env = {k: v for k, v in book_env(TMPDIR=str(temporary), **mini_book.env).items()
           if k != "PYTHONPATH"}
    log = (mini_book.root / "serve.log").open("w", encoding="utf-8")
    server = subprocess.Popen(
        [*AS_FROM_A_TERMINAL, "bash", "-c",
         f'source "{activate}" && exec mkdocs serve --dev-addr 127.0.0.1:{port}'],
        cwd=mini_book.root, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        end = time.monotonic() + 120
        served = False
        while not served and server.poll() is None and time.monotonic() < end:
            served = _served(f"http://127.0.0.1:{port}/p/", "from 42", 2)
        assert served, (mini_book.root / "serve.log").read_text()
        _stop(server, signal.SIGINT, temporary)  # Ctrl-C
    finally:
        server.kill()
        server.wait(timeout=30)
        log.close()


@pytest.mark.e2e  # starts a process
def test_a_failed_rebuild_shows_its_reason_and_the_last_good_page(tmp_path, font_cache,
                                                                  temporary):
    """MkDocs' server held every request while a rebuild failed; now the last good page comes
    back at once, with a banner naming the error, and the next good build takes it away."""
    _book(tmp_path, font_cache)
    config = tmp_path / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8") + "watch: [snippets]\n", encoding="utf-8")
    port = _free_port()
    url = f"http://127.0.0.1:{port}/one/"
    log = (tmp_path / "serve.log").open("w", encoding="utf-8")
    env = book_env(BOOK_PRELOAD="", TMPDIR=str(temporary))
    server = subprocess.Popen(
        [*AS_FROM_A_TERMINAL, sys.executable, "-m", "mkdocs", "serve", "--dirty", "--dev-addr",
         f"127.0.0.1:{port}"],
        cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT)
    page = tmp_path / "docs" / "one.md"
    good = page.read_text(encoding="utf-8")
    try:
        assert _served(url, "처음 출력", 120), (tmp_path / "serve.log").read_text()
        snippet = tmp_path / "snippets" / "one.py"
        snippet.write_text("raise ValueError('깨진 블록')\n", encoding="utf-8")
        assert _served(url, "빌드 실패.", 60), (tmp_path / "serve.log").read_text()
        with urllib.request.urlopen(url, timeout=5) as response:
            shown = response.read().decode("utf-8")
        assert "깨진 블록" in shown and "처음 출력" in shown  # the reason, on the last good page
        other = f"http://127.0.0.1:{port}/glossary/"
        assert _served(other, "빌드 실패.", 5)  # every page says it
        for number in range(2):  # every failed rebuild says why, not only the first
            page.write_text(good + "\n" * (number + 1), encoding="utf-8")
            time.sleep(3)
        assert (tmp_path / "serve.log").read_text().count("the rebuild failed") >= 2
        snippet.write_text("print('고친 출력')\n", encoding="utf-8")
        assert _served(url, "고친 출력", 60), (tmp_path / "serve.log").read_text()
        assert not _served(other, "빌드 실패.", 1)
        _stop(server, signal.SIGTERM, temporary)  # a process manager stops it
    finally:
        server.kill()
        server.wait(timeout=30)
        log.close()
