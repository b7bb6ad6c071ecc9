"""The theme's files listed without walking its dot folders.

On every build MkDocs lists every file of the theme (``Files.add_files_from_theme``, through
the Jinja loader's ``list_templates``) to copy the static ones, and drops by name (``.*``,
``*/.*``) everything under a dot folder: with Material that is 14,500 icons in ``.icons``, about
0.13 s of every build and of every ``serve`` rebuild. The theme's Jinja environment gets a loader
that does not enter dot folders, so the list MkDocs filters is the same minus what it drops.
Templates are found as before: only the listing changes.
"""

from __future__ import annotations

import os

import jinja2


class ThemeLoader(jinja2.FileSystemLoader):
    """Jinja's file loader, listing templates outside dot folders only."""

    def list_templates(self) -> list[str]:
        found: set[str] = set()
        for searchpath in self.searchpath:
            for folder, folders, names in os.walk(searchpath, followlinks=self.followlinks):
                folders[:] = [name for name in folders if not name.startswith(".")]
                relative = os.path.relpath(folder, searchpath).replace(os.sep, "/")
                found.update(name if relative == "." else f"{relative}/{name}" for name in names)
        return sorted(found)


def list_without_dot_folders(theme) -> None:
    """Make ``theme.get_env()`` (MkDocs' Theme, from ``on_config``) use :class:`ThemeLoader`."""
    make_env = theme.get_env

    def get_env() -> jinja2.Environment:
        env = make_env()
        env.loader = ThemeLoader(theme.dirs)
        return env

    theme.get_env = get_env
