"""Shared fixtures: a throw-away book project, and the real book built once per session."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bookkit.settings import child_environment, environment

ROOT = Path(__file__).resolve().parent.parent
MKDOCS = [sys.executable, "-m", "mkdocs"]


def book_env(**extra: str) -> dict[str, str]:
    """The environment for a child build or test run (read now, so monkeypatch.setenv works)."""
    path = os.pathsep.join(filter(None, [str(ROOT), environment().get("PYTHONPATH")]))
    return child_environment(NO_MKDOCS_2_WARNING="1", PYTHONPATH=path, **extra)


MINI_CONFIG = """
site_name: mini
theme: {name: material, language: ko, font: false}
plugins:
  - markdown-exec: {languages: [python]}
  - bookkit
markdown_extensions:
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

    def __init__(self, root: Path) -> None:
        self.root = root
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

    def pytest(self) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=self.root,
            env=book_env(**self.env), capture_output=True, text=True, timeout=300,
        )


@pytest.fixture
def mini_book(tmp_path: Path) -> MiniBook:
    return MiniBook(tmp_path)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The real book, built strictly once for all tests that inspect the site."""
    site = tmp_path_factory.mktemp("book") / "site"
    manifest = site.parent / "manifest.json"  # the build's output manifest, beside the site
    result = subprocess.run(
        [*MKDOCS, "build", "--strict", "--site-dir", str(site)], cwd=ROOT,
        env=book_env(BOOK_MANIFEST=str(manifest)), capture_output=True, text=True, timeout=3000,
    )
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stderr[-6000:]}"
    return site


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
