"""What kind of page a source file is, and where MkDocs writes it."""

from __future__ import annotations

from pathlib import Path

JUPYTEXT_HEADER = "---\njupyter:"


def is_notebook(source: Path) -> bool:
    """A notebook page: an .ipynb, or markdown with a jupytext header (see mkdocs.yml)."""
    if source.suffix == ".ipynb":
        return True
    return source.suffix == ".md" and source.read_text(encoding="utf-8").startswith(
        JUPYTEXT_HEADER
    )


def built_page_path(source: Path, docs_dir: Path, site_dir: Path) -> Path:
    """Where MkDocs (``use_directory_urls: true``) writes the page built from ``source``."""
    relative = source.relative_to(docs_dir).with_suffix("")
    if relative.name in ("index", "README"):
        return site_dir / relative.parent / "index.html"
    return site_dir / relative / "index.html"
