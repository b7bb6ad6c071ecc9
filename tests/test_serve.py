"""What one `mkdocs serve --dirty` keeps between its rebuilds (bookkit.mkdocs.dirty) never
shows a stale page: after several saves, each rebuilt in the same process, the site is the one a
clean build of the saved sources gives."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT, book_env

from bookkit.mkdocs.math_render import KATEX

CONFIG = """
site_name: serve
theme: {name: material, language: ko, font: false}
plugins:
  - search: {lang: ko}
  - markdown-exec: {languages: [python]}
  - bookkit
markdown_extensions:
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
    result = subprocess.run([sys.executable, "-c", DRIVER, str(root / f"site-{mode}"), mode],
                            cwd=root, capture_output=True, text=True,
                            env=book_env(BOOK_PRELOAD=""))
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_saves_in_one_serve_give_the_site_a_clean_build_gives(tmp_path, font_cache):
    shutil.copytree(font_cache, tmp_path / ".cache" / "bookkit" / "font")
    (tmp_path / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    for folder in ("snippets", "docs"):
        (tmp_path / folder).mkdir()
    (tmp_path / "snippets" / "one.py").write_text("print('처음 출력')\n", encoding="utf-8")
    for name, text in PAGES.items():
        (tmp_path / "docs" / name).write_text(text, encoding="utf-8")
    (tmp_path / "docs" / KATEX).parent.mkdir(parents=True)
    shutil.copy2(ROOT / "docs" / KATEX, tmp_path / "docs" / KATEX)
    served = _site(tmp_path, "serve")
    clean = _site(tmp_path, "clean")
    assert served["one/index.html"].count('class="katex"') == 1  # the saved formula, set
    assert "바뀐 출력" in served["one/index.html"]
    glossary = served["glossary/index.html"]
    assert glossary.count(">2. 둘</a>") == 2  # 둘 now uses 텐서 as well as 기울기
    assert sorted(served) == sorted(clean)
    for name in clean:
        assert served[name] == clean[name], f"{name} differs from a clean build"
