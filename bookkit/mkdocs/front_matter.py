"""A page's front matter as MkDocs reads it (:func:`mkdocs.utils.meta.get_data`).

The build, the introductions check and ``verify`` read front matter through here, so tools
outside this layer never import MkDocs. Malformed front matter is caught before, by
:mod:`bookkit.page_source`.
"""

from __future__ import annotations

from typing import Any

from mkdocs.utils import meta


def front_matter(text: str) -> dict[str, Any]:
    return meta.get_data(text)[1]
