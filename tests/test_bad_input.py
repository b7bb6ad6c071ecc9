"""Bad input gets a clear error naming the file (and line) and a non-zero exit (issue 18, 11-13).

- Pages: a page that is not UTF-8, front matter that is not valid YAML or not a mapping, and
  an unknown ``kind:`` stop the build in the plugin's ``on_files``, before MkDocs reads a page.
- The partial build of CONTRIBUTING (``mkdocs.local.example.yml``) builds and passes the
  post-build check.
- ``diff`` with a bad base prints git's reason, ``merge`` of a missing folder names it,
  ``record`` of a missing snippet names it; each exits non-zero without a traceback.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from bookkit.mkdocs.plugin import BookPlugin
from tests.conftest import MKDOCS, ROOT, book_env


def _files(root: Path, pages: dict[str, bytes]) -> tuple[Files, object]:
    docs = root / "docs"
    docs.mkdir(exist_ok=True)
    for name, data in pages.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_bytes(data)
    (root / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")
    config = load_config(str(root / "mkdocs.yml"))
    files = Files([File(name, str(docs), str(root / "site"), True) for name in pages])
    return files, config


def _on_files_error(tmp_path: Path, monkeypatch, pages: dict[str, bytes]) -> str:
    """Run the plugin's on_files (execution off) over ``pages``; the PluginError's message."""
    files, config = _files(tmp_path, pages)
    plugin = BookPlugin()
    plugin.load_config({"execute": False})
    plugin.on_config(config)
    with pytest.raises(PluginError) as caught:
        plugin.on_files(files, config=config)
    return str(caught.value)


GOOD = b"---\nkind: chapter\n---\n# fine\n"


def test_a_page_that_is_not_utf8_names_the_page_and_line(tmp_path, monkeypatch):
    message = _on_files_error(tmp_path, monkeypatch, {
        "good.md": GOOD,
        "bad.md": "# 제목\n\n두 번째 줄\n".encode() + "셋째 줄\n".encode("euc-kr"),
    })
    assert "docs/bad.md:4: not UTF-8" in message
    assert "good.md" not in message


@pytest.mark.parametrize(("front", "expected"), [
    (b"---\nkind: [chapter\n---\n# x\n", "docs/bad.md:2: front matter is not valid YAML"),
    (b"---\nkind: chapter\ntitle: a: b\n---\n# x\n", "docs/bad.md:3: front matter"),
    (b"---\n- kind\n- chapter\n---\n# x\n", "docs/bad.md:1: front matter is a list"),
    (b"---\njust words\n---\n# x\n", "docs/bad.md:1: front matter is a str"),
    (b"---\ntitle: x\nkind: chaptr\n---\n# x\n", "docs/bad.md:3: front matter kind 'chaptr'"),
    (b"---\nkind: chapter\nmeasurements: timing\n---\n# x\n",
     "docs/bad.md:3: front matter 'measurements' must be a list"),
])
def test_malformed_front_matter_stops_the_build(tmp_path, monkeypatch, front, expected):
    message = _on_files_error(tmp_path, monkeypatch, {"good.md": GOOD, "bad.md": front})
    assert expected in message, message


def test_the_build_exits_non_zero_naming_both_bad_pages(mini_book):
    mini_book.page("index.md", "# 홈\n")
    (mini_book.root / "docs" / "latin.md").write_bytes(b"# caf\xe9\n")
    mini_book.page("yaml.md", "---\nkind: [chapter\n---\n# x\n")
    result = mini_book.build()
    assert result.returncode != 0
    assert "docs/latin.md:1: not UTF-8" in result.stderr, result.stderr[-3000:]
    assert "docs/yaml.md:2: front matter is not valid YAML" in result.stderr
    assert "Traceback" not in result.stderr, result.stderr[-3000:]


# --- row 12: the documented partial build ------------------------------------------------


@pytest.mark.e2e
def test_the_documented_partial_build_works(checkout_build, tmp_path):
    """``mkdocs build -f mkdocs.local.example.yml``, as CONTRIBUTING shows it (~30 s)."""
    site = tmp_path / "site"
    env = book_env(PYTHONHASHSEED="0")  # the checkout's store, as a contributor's build uses
    result = subprocess.run(
        [*MKDOCS, "build", "--strict", "-f", "mkdocs.local.example.yml", "--site-dir", str(site)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    assert "bookkit: 0 units executed" in result.stderr  # the run's book build ran them
    assert (site / "pytorch-basics" / "index.html").is_file()
    assert not (site / "labs").exists() and not (site / "tensors").exists()


# --- row 13: diff, merge, record ---------------------------------------------------------


def _command(*args: str, timeout: int = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=book_env(), capture_output=True,
                          text=True, timeout=timeout)


@pytest.mark.e2e  # starts a process
def test_diff_with_a_bad_base_prints_gits_reason_before_any_build():
    result = _command("-m", "bookkit.tools.review", "no-such-revision-t6")
    assert result.returncode != 0
    assert "Traceback" not in result.stderr, result.stderr
    assert "no-such-revision-t6" in result.stderr
    assert "git:" in result.stderr and "fatal" in result.stderr, result.stderr


@pytest.mark.e2e  # starts a process
def test_diff_main_raises_a_clear_exit(monkeypatch):
    from bookkit.tools import review

    monkeypatch.chdir(ROOT)
    with pytest.raises(SystemExit) as caught:
        review.main(["no-such-revision-t6"])
    assert "no-such-revision-t6" in str(caught.value.code)


@pytest.mark.e2e  # starts a process
def test_merge_of_a_missing_folder_fails_naming_it(tmp_path):
    missing = tmp_path / "no" / "such" / "dir"
    result = _command("scripts/dev.py", "merge", str(missing))
    assert result.returncode != 0
    assert str(missing) in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.e2e  # starts a process
def test_record_of_a_missing_snippet_fails_naming_it(tmp_path):
    from bookkit.recordings.cli import main

    env_root = ["--root", str(ROOT)]
    out = ["--out", str(tmp_path)]  # never into recordings/, whatever happens
    assert main([*env_root, "record", *out, "snippets/no_such.py"]) != 0
    result = _command("-m", "bookkit.recordings", *env_root, "record", *out,
                      "snippets/no_such.py")
    assert result.returncode != 0
    assert "snippets/no_such.py" in result.stderr and "Traceback" not in result.stderr, (
        result.stderr)


def test_record_of_a_snippet_that_is_not_recorded_fails_naming_it(tmp_path, capsys):
    from bookkit.recordings.cli import main
    from bookkit.recordings.store import is_recorded_snippet

    plain = next(p for p in sorted((ROOT / "snippets").rglob("*.py"))
                 if not is_recorded_snippet(p))
    name = plain.relative_to(ROOT).as_posix()
    assert main(["--root", str(ROOT), "record", "--out", str(tmp_path), name]) != 0
    assert name in capsys.readouterr().err


def test_the_units_of_a_bad_page_name_it_for_every_caller(tmp_path):
    """page_units serves the build, the snippet tests and the shard command alike."""
    from bookkit.exec.units import UnitsError, page_units

    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "bad.md"
    page.write_bytes(b"# ok\n\xff\n")
    with pytest.raises(UnitsError, match=r"docs/bad.md:2: not UTF-8"):
        page_units(page, tmp_path)
    page.write_bytes(b"---\nkind: 'chapter\n---\n")
    with pytest.raises(UnitsError, match=r"docs/bad.md:2: front matter is not valid YAML"):
        page_units(page, tmp_path)
