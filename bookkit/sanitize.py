"""Only allowed markup reaches a page: executed HTML and Markdown outputs pass an allowlist.

A block with ``html="1"`` prints HTML, and a block without ``result=`` prints Markdown, which may
hold raw HTML. Both are cleaned with nh3 (the Python binding of the Ammonia sanitizer) against
the allowlist below before they reach a page: what the figure helpers draw (inline SVG with a
title, the autograd graphs, tables, folded details) passes; ``<base>``, ``<script>``, frames,
objects and embeds, forms, event handlers, ``<style>`` elements, URLs other than ``http(s)``
links and same-page ``#`` references, and ``url(...)`` in ``style`` other than a same-page
``url(#id)`` do not.

The build does not only clean: :func:`removed` says what the cleaning took away (elements and
attributes, compared on the parsed trees), and the build fails naming the block when anything
was, so an output is never shown other than as its block printed it. The post-build check uses
the same :func:`removed` on every executed output the manifest records.

Why nh3 rather than a hand-written filter: HTML parsing is where filters break (comments,
foreign content, entity tricks); Ammonia parses with html5ever, the same algorithm browsers
use, and is maintained.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

import nh3
from selectolax.lexbor import LexborHTMLParser

_HTML = {
    "a", "abbr", "b", "blockquote", "br", "caption", "code", "col", "colgroup", "dd", "del",
    "details", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5",
    "h6", "hr", "i", "input", "ins", "kbd", "label", "li", "mark", "ol", "p", "pre", "q", "s",
    "samp", "small", "span", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot",
    "th", "thead", "tr", "u", "ul", "var",
}
_SVG = {
    "svg", "g", "path", "defs", "clipPath", "use", "rect", "circle", "ellipse", "line",
    "polyline", "polygon", "text", "tspan", "title", "desc", "marker", "linearGradient",
    "radialGradient", "stop", "symbol",
}
TAGS = _HTML | _SVG
_COMMON = {
    "class", "id", "title", "role", "lang", "dir", "style", "aria-label", "aria-hidden",
    "aria-labelledby", "aria-describedby", "data-search-exclude", "tabindex",
}
# Ammonia compares local names: "xlink" keeps the xmlns:xlink declaration, "href" xlink:href.
_SVG_ATTRIBUTES = {
    "xmlns", "xlink", "version", "viewBox", "width", "height", "x", "y", "x1", "y1", "x2",
    "y2", "cx", "cy", "r", "rx", "ry", "d", "points", "transform", "fill", "fill-opacity",
    "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap", "stroke-linejoin",
    "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit", "opacity", "clip-path",
    "clip-rule", "font-family", "font-size", "font-weight", "font-style", "text-anchor",
    "dominant-baseline", "href", "preserveAspectRatio", "markerWidth",
    "markerHeight", "refX", "refY", "orient", "markerUnits", "offset", "stop-color",
    "stop-opacity", "gradientUnits", "gradientTransform", "clipPathUnits", "vector-effect",
}
ATTRIBUTES: dict[str, set[str]] = {
    "*": _COMMON,
    "a": {"href", "name"},
    "details": {"open"},
    "div": {"data-tabs"},  # pymdownx.tabbed's content tabs (the recordings' device tabs)
    "input": {"type", "name", "checked", "disabled"},
    "label": {"for"},
    "ol": {"start"},
    "td": {"colspan", "rowspan", "align"},
    "th": {"colspan", "rowspan", "align", "scope"},
    "col": {"span"},
    "colgroup": {"span"},
    **{tag: _SVG_ATTRIBUTES for tag in _SVG},
}
URL_SCHEMES = {"http", "https"}
_URL = re.compile(r"url\s*\(", re.I)
_LOCAL_URL = re.compile(r"url\s*\(\s*['\"]?#", re.I)
_URL_ATTRIBUTES = {"href"}


def _attribute(tag: str, name: str, value: str) -> str | None:
    """Keep an attribute unless it can load something: ``url(...)`` that is not ``url(#id)``,
    and on SVG elements a reference that is not to this page (``#id``)."""
    if len(_URL.findall(value)) != len(_LOCAL_URL.findall(value)):
        return None
    if tag in _SVG and name in _URL_ATTRIBUTES and not value.startswith("#"):
        return None
    return value


def clean(markup: str) -> str:
    """``markup`` with everything outside the allowlist taken out."""
    return nh3.clean(markup, tags=TAGS, attributes=ATTRIBUTES, attribute_filter=_attribute,
                     url_schemes=URL_SCHEMES, link_rel=None, strip_comments=True,
                     clean_content_tags={"script", "style"})


def _elements(markup: str) -> Counter:
    """Every element of ``markup`` as (tag, its attributes), counted."""
    tree = LexborHTMLParser(f"<body>{markup}</body>")
    found: Counter = Counter()
    for node in tree.body.traverse(include_text=False):
        if node is tree.body:
            continue
        attributes = tuple(sorted((name, value or "") for name, value in node.attributes.items()))
        found[(node.tag, attributes)] += 1
    return found


def _describe(tag: str, attributes: tuple, after: Counter) -> str:
    if tag == "-comment":
        return "an HTML comment is not allowed"
    kept = [a for (t, a) in after if t == tag]
    if kept and all(set(a) <= set(attributes) for a in kept):  # the element stayed, less some
        gone = [f"{n}={v!r}" for n, v in attributes if not any((n, v) in a for a in kept)]
        return f"<{tag}>: attribute(s) not allowed: {', '.join(gone)}"
    shown = " ".join(f'{n}="{v}"' for n, v in attributes)[:120]
    return f"<{tag}{' ' + shown if shown else ''}> is not allowed"


def removed(markup: str) -> list[str]:
    """What :func:`clean` takes out of ``markup``: one line per element or attribute."""
    return list(_removed(markup))


@lru_cache(maxsize=4096)  # `serve` checks every output of the book after each save
def _removed(markup: str) -> tuple[str, ...]:
    before, after = _elements(markup), _elements(clean(markup))
    return tuple(sorted(
        _describe(tag, attributes, after) + (f" ({count} times)" if count > 1 else "")
        for (tag, attributes), count in (before - after).items()))
