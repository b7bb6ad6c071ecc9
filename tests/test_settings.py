"""Settings reach every entry point: defaults < mkdocs.yml's bookkit options < BOOK_* variables."""

from __future__ import annotations

from bookkit.settings import VARIABLES


def test_every_entry_point_reads_the_options_of_mkdocs_yml(tmp_path, monkeypatch):
    """The engine of pytest, verify, record, drift, prune and shard (Engine(root)) once saw
    only the environment: a store set in mkdocs.yml was used by the build alone."""
    from bookkit.exec.engine import Engine
    from bookkit.settings import project_settings

    (tmp_path / "mkdocs.yml").write_text(
        "site_name: s\nplugins:\n  - search\n  - bookkit:\n      store: other/store\n"
        "      block_timeout: 7\nmarkdown_extensions:\n"
        "  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
        "  - toc:\n      permalink: !ENV [PERMALINK, true]\n",
        encoding="utf-8")
    for name in [v.name for v in VARIABLES]:
        monkeypatch.delenv(name, raising=False)
    settings = project_settings(tmp_path)
    assert settings.store == tmp_path / "other" / "store" and settings.block_timeout == 7
    assert Engine(tmp_path).store.directory == tmp_path / "other" / "store"
    assert project_settings(tmp_path, {"BOOK_BLOCK_TIMEOUT": "9"}).block_timeout == 9
