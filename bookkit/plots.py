"""Plots drawn at build time and embedded in the page as inline SVG.

Every figure is an image with a name (``role="img"``, ``aria-label`` and ``<title>``): the words
a screen reader says instead of the picture, with the numbers it shows (:func:`description`).

Text is drawn with Pretendard Regular (SIL OFL 1.1, ``bookkit/fonts/``, fetched by
``scripts/fetch_fonts.py``), registered with matplotlib's ``font_manager``: it has Hangul and the
minus sign U+2212, so log-axis labels such as 10⁻² need no workaround. Text is stored as paths
in the SVG, so the reader needs no font. A glyph the font lacks makes :func:`svg` fail instead
of drawing an empty box.
"""

from __future__ import annotations

import html
import io
import re
import warnings
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
from matplotlib import font_manager

from bookkit import sanitize

# No RDF metadata block (creator, format): a page needs none of it.
NO_METADATA = {"Date": None, "Creator": None, "Format": None, "Type": None}
# matplotlib's default style element; its two properties are inherited, so the root <svg>'s
# style attribute draws the same (a <style> element is not allowed in an output).
_DEFAULT_STYLE_RULES = "stroke-linejoin: round; stroke-linecap: butt"
_DEFAULT_STYLE = f'<style type="text/css">*{{{_DEFAULT_STYLE_RULES}}}</style>'
FONT_FILE = Path(__file__).resolve().parent / "fonts" / "Pretendard-Regular.ttf"
_MISSING_GLYPH = re.compile(r"missing from font|does not have a glyph", re.I)


class MissingGlyphError(ValueError):
    """A plot uses a character its font cannot draw."""


def use_korean_font() -> str:
    """Register the book's font with matplotlib and make it the default; its family name."""
    font_manager.fontManager.addfont(str(FONT_FILE))
    family = font_manager.FontProperties(fname=FONT_FILE).get_name()
    matplotlib.rcParams["font.family"] = family
    return family


use_korean_font()
matplotlib.rcParams.update(
    {
        "svg.fonttype": "path",
        "svg.hashsalt": "book",  # stable ids: the same figure gives the same SVG
        "figure.figsize": (6.4, 3.6),
        "figure.dpi": 100,
    }
)


def _number(value: float) -> str:
    value = float(value) + 0.0  # no "-0"
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.3g}"


def _reference_line(ax, artist) -> str | None:
    """``axhline``/``axvline`` keep the other coordinate as a fraction of the axes: such a line
    is a reference across the plot, described by its one data value."""
    transform = artist.get_transform() if hasattr(artist, "get_xydata") else None
    if transform is ax.get_yaxis_transform(which="grid"):
        return f"y = {_number(artist.get_xydata()[0, 1])}인 가로 기준선"
    if transform is ax.get_xaxis_transform(which="grid"):
        return f"x = {_number(artist.get_xydata()[0, 0])}인 세로 기준선"
    return None


def description(figure: plt.Figure) -> str:
    """What the figure shows, in words: its label when it has one (:mod:`bookkit.pictures` set
    it), else each plot's title, axis names and, for every labelled line or set of points, how
    many points and the range of their values."""
    if figure.get_label():
        return figure.get_label()
    parts = []
    for ax in figure.axes:
        if not ax.axison:
            continue
        named = [f"'{ax.get_title()}'"] if ax.get_title() else []
        unnamed = "(이름 없음)"
        named.append(f"x축 {ax.get_xlabel() or unnamed}, y축 {ax.get_ylabel() or unnamed}")
        for artist in [*ax.lines, *ax.collections]:
            label = artist.get_label()
            if label.startswith("_"):  # matplotlib's name for an unlabelled artist
                continue
            line = _reference_line(ax, artist)
            if line:
                named.append(f"{label}: {line}")
                continue
            points = (artist.get_xydata() if hasattr(artist, "get_xydata")
                      else artist.get_offsets())
            if len(points) == 0:
                continue
            xs, ys = points[:, 0], points[:, 1]
            named.append(f"{label}: 점 {len(points)}개, x {_number(xs.min())}~{_number(xs.max())}, "
                         f"y {_number(ys.min())}~{_number(ys.max())}")
        parts.append("; ".join(named))
    if not parts:
        raise ValueError("the figure has no plot to describe: give it a label "
                         "(figure.set_label) that says what it shows")
    return "그래프 " + " / ".join(parts)


def svg(figure: plt.Figure, caption: str) -> str:
    """The figure as an HTML ``<figure>`` with inline SVG and a caption; closes the figure.

    The SVG has ``role="img"`` and the figure's :func:`description` as its ``aria-label`` and
    ``<title>``, kept out of the search index (``data-search-exclude``, Material's mark).
    Raises :class:`MissingGlyphError` when matplotlib warns that the font lacks a glyph.
    """
    label = html.escape(description(figure))
    buffer = io.StringIO()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        figure.savefig(buffer, format="svg", bbox_inches="tight", metadata=NO_METADATA)
    plt.close(figure)
    missing = [str(w.message) for w in caught if _MISSING_GLYPH.search(str(w.message))]
    if missing:
        raise MissingGlyphError("; ".join(sorted(set(missing))))
    for warning in caught:  # anything else still reaches the page
        warnings.warn_explicit(warning.message, warning.category, warning.filename,
                               warning.lineno)
    body = buffer.getvalue()
    body = body[body.index("<svg") :].replace(_DEFAULT_STYLE, "")
    opening = body.index(">") + 1
    body = (f'<svg role="img" aria-label="{label}" data-search-exclude="" '
            f'style="{_DEFAULT_STYLE_RULES}"{body[4:opening]}<title>{label}</title>'
            f"{body[opening:]}")
    # The comments matplotlib writes (the text drawn as paths) go; the rest passes the
    # allowlist unchanged (bookkit.sanitize).
    return sanitize.clean(f'<figure class="book-plot">{body}'
                          f"<figcaption>{html.escape(caption)}</figcaption></figure>")


def show(figure: plt.Figure, caption: str) -> None:
    """Print the figure for a block with ``html="1"``."""
    print(svg(figure, caption))
