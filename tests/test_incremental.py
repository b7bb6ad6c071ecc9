"""Work kept between builds must never let a changed input pass: each cache is checked across
fresh processes, the way `mkdocs build` and CI use it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import BOOKKIT_PLUGINS, ROOT, book_env

from bookkit.mkdocs.site_check import CACHE_DIR

CHECK_MARKUP = (
    "import json, sys; from pathlib import Path; "
    "from bookkit.mkdocs.site_check import check_markup; "
    "print(json.dumps(check_markup(Path(sys.argv[1]), Path(sys.argv[2]))))"
)


def _check_markup_in_a_fresh_process(site: Path, root: Path) -> list[str]:
    result = subprocess.run([sys.executable, "-c", CHECK_MARKUP, str(site), str(root)],
                            capture_output=True, text=True, env=book_env(), check=True)
    return json.loads(result.stdout)


@pytest.mark.e2e  # starts a process
def test_the_kept_site_scan_sees_a_page_or_template_changed_between_processes(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    page = site / "index.html"
    page.write_text("<p>fine</p><script>alert(1)</script>", encoding="utf-8")
    first = _check_markup_in_a_fresh_process(site, tmp_path)
    assert first == ["index.html: inline <script> that is not the theme's: 'alert(1)'"]
    kept = list((tmp_path / CACHE_DIR).rglob("*.json"))
    assert len(kept) == 1  # the scan was kept for the next process

    # Same path, new bytes: the next process must scan it again.
    page.write_text("<p>fine</p><script>alert(2)</script>", encoding="utf-8")
    assert _check_markup_in_a_fresh_process(site, tmp_path) == [
        "index.html: inline <script> that is not the theme's: 'alert(2)'"
    ]
    page.write_text("<p>fine</p>", encoding="utf-8")
    assert _check_markup_in_a_fresh_process(site, tmp_path) == []

    # Same page, a template that now writes its script: the kept scan no longer applies.
    page.write_text("<p>fine</p><script>alert(1)</script>", encoding="utf-8")
    (tmp_path / "overrides").mkdir()
    (tmp_path / "overrides" / "main.html").write_text("<script>alert(1)</script>",
                                                      encoding="utf-8")
    assert _check_markup_in_a_fresh_process(site, tmp_path) == []


@pytest.mark.e2e  # starts a process
def test_a_damaged_kept_scan_is_scanned_again(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>fine</p><script>alert(1)</script>", encoding="utf-8")
    found = ["index.html: inline <script> that is not the theme's: 'alert(1)'"]
    assert _check_markup_in_a_fresh_process(site, tmp_path) == found
    [kept] = (tmp_path / CACHE_DIR).rglob("*.json")
    for damage in (kept.read_bytes()[:20], b"{}", b'{"loads": [], "problems": 1}'):
        kept.write_bytes(damage)  # cut short by a crash, or edited: no page passes unscanned
        assert _check_markup_in_a_fresh_process(site, tmp_path) == found, damage
        assert json.loads(kept.read_bytes())["problems"], damage  # and kept again, whole


DIRTY_CONFIG = """
site_name: dirty
theme: {name: material, language: ko, font: false}
plugins:
  - search: {lang: ko}
  - markdown-exec: {languages: [python]}
""" + BOOKKIT_PLUGINS + """markdown_extensions:
  - pymdownx.snippets: {base_path: ["."], check_paths: true}
  - pymdownx.superfences
  - tables
nav:
  - index.md
  - 부분:
      - part/index.md
      - 자식 절: part/child.md
  - glossary.md
"""

# One process plays `mkdocs serve --dirty` (a first build, a save, a rebuild), another builds
# the same sources clean; both print the built site's pages and search index.
DIRTY_DRIVER = r"""
import json, logging, sys
logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
from pathlib import Path
from mkdocs.commands.build import build
from mkdocs.config import load_config

def site(folder):
    return {str(p.relative_to(folder)): p.read_text(encoding="utf-8")
            for p in sorted(Path(folder).rglob("*")) if p.suffix in (".html", ".json", ".ipynb")}

mode, folder = sys.argv[1], sys.argv[2]
config = load_config("mkdocs.yml", site_dir=folder, strict=True)
if mode == "clean":
    build(config)
else:
    config.plugins.on_startup(command="serve", dirty=True)
    build(config, dirty=True)
    part = Path("docs/part/index.md")
    part.write_text(part.read_text(encoding="utf-8")
                    + "\n## 새 절\n\n이 절은 기울기를 처음 말합니다.\n", encoding="utf-8")
    Path("snippets/part/child.py").write_text("print('바뀐 출력')\n", encoding="utf-8")
    build(load_config("mkdocs.yml", site_dir=folder, strict=True), dirty=True)
    Path("data/n.txt").write_text("바뀐 자료\n", encoding="utf-8")  # a unit's input, not its key
    build(load_config("mkdocs.yml", site_dir=folder, strict=True), dirty=True)
print(json.dumps(site(folder)))
"""


def _dirty_book(root: Path) -> None:
    (root / "mkdocs.yml").write_text(DIRTY_CONFIG, encoding="utf-8")
    (root / "snippets" / "part").mkdir(parents=True)
    (root / "snippets" / "part" / "shape.py").write_text(
        "from pathlib import Path\n"
        "print(Path('data/n.txt').read_text(encoding='utf-8').strip(), 2 + 3)\n", encoding="utf-8")
    (root / "data").mkdir()
    (root / "data" / "n.txt").write_text("처음 자료\n", encoding="utf-8")
    (root / "snippets" / "part" / "child.py").write_text("print('처음 출력')\n", encoding="utf-8")
    pages = {
        "index.md": "# 홈\n\n작은 책입니다.\n",
        "part/index.md": "---\nkind: chapter\n---\n# 1. 부분\n\n텐서를 다룹니다.\n\n"
                         '```python exec="1" id="shape"\n--8<-- "snippets/part/shape.py"\n```\n',
        "part/child.md": "---\nkind: chapter\n---\n# 1.1 자식\n\n기울기를 셉니다.\n\n"
                         '```python exec="1" id="child"\n--8<-- "snippets/part/child.py"\n```\n',
        "glossary.md": "---\nkind: glossary\n---\n# 용어집\n\n| 한국어 | 영어 | 뜻 |\n"
                       "| --- | --- | --- |\n| 텐서 | tensor | 배열 |\n"
                       "| 기울기 | gradient | 미분값 |\n",
    }
    for name, text in pages.items():
        (root / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / name).write_text(text, encoding="utf-8")


def _built(root: Path, mode: str) -> dict[str, str]:
    result = subprocess.run([sys.executable, "-c", DIRTY_DRIVER, mode, str(root / f"site-{mode}")],
                            cwd=root, capture_output=True, text=True,
                            env=book_env(BOOK_PRELOAD=""))
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.e2e  # starts a process
def test_a_dirty_rebuild_after_a_save_gives_the_site_a_clean_build_gives(tmp_path, font_cache):
    shutil.copytree(font_cache, tmp_path / ".cache" / "bookkit" / "font")  # cut once a session
    _dirty_book(tmp_path)
    dirty = _built(tmp_path, "dirty")  # first build, then a prose save and a snippet save
    clean = _built(tmp_path, "clean")  # the saved sources, built from nothing
    assert "바뀐 출력" in dirty["part/child/index.html"]  # the snippet's page was rendered again
    assert "바뀐 자료" in dirty["part/index.html"]  # and the page whose unit read the data
    index = json.loads(dirty["search/search_index.json"])
    assert "새 절" in [doc["title"] for doc in index["docs"]]  # the saved page's new section
    assert "part/child/" in [doc["location"] for doc in index["docs"]]  # under part/, kept
    assert sorted(dirty) == sorted(clean)
    for name in clean:
        assert dirty[name] == clean[name], f"{name} differs from a clean build"


def test_the_theme_files_a_build_copies_are_the_same_without_walking_dot_folders():
    """bookkit.mkdocs.theme_listing: MkDocs lists the same theme files for the build to copy
    with the loader that skips Material's ``.icons`` as with Jinja's own, on the real theme."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import Files

    from bookkit.mkdocs.theme_listing import list_without_dot_folders

    config = load_config(str(ROOT / "mkdocs.yml"))
    listed = []
    for skip_dot_folders in (False, True):
        if skip_dot_folders:
            list_without_dot_folders(config.theme)
        files = Files([])
        files.add_files_from_theme(config.theme.get_env(), config)
        listed.append(sorted(file.src_uri for file in files))
    assert len(listed[0]) > 10 and listed[1] == listed[0]
