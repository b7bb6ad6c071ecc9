"""Where MkDocs writes a page (what kind of page a source is: :mod:`bookkit.page_source`)."""

from __future__ import annotations

from pathlib import Path


def built_page_path(source: Path, docs_dir: Path, site_dir: Path) -> Path:
    """Where MkDocs (``use_directory_urls: true``) writes the page built from ``source``."""
    relative = source.relative_to(docs_dir).with_suffix("")
    if relative.name in ("index", "README"):
        return site_dir / relative.parent / "index.html"
    return site_dir / relative / "index.html"
