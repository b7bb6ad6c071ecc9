"""Plots drawn at build time and embedded in the page as inline SVG.

Text is drawn with Pretendard Regular (SIL OFL 1.1, ``bookkit/fonts/``, fetched by
``scripts/fetch_fonts.py``), registered with matplotlib's ``font_manager``: it has Hangul and the
minus sign U+2212, so log-axis labels such as 10⁻² need no workaround. Text is stored as paths
in the SVG, so the reader needs no font. A glyph the font lacks makes :func:`svg` fail instead
of drawing an empty box.
"""

from __future__ import annotations

import io
import re
import warnings
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
from matplotlib import font_manager

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


def svg(figure: plt.Figure, caption: str) -> str:
    """The figure as an HTML ``<figure>`` with inline SVG and a caption; closes the figure.

    Raises :class:`MissingGlyphError` when matplotlib warns that the font lacks a glyph.
    """
    buffer = io.StringIO()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(figure)
    missing = [str(w.message) for w in caught if _MISSING_GLYPH.search(str(w.message))]
    if missing:
        raise MissingGlyphError("; ".join(sorted(set(missing))))
    for warning in caught:  # anything else still reaches the page
        warnings.warn_explicit(warning.message, warning.category, warning.filename,
                               warning.lineno)
    body = buffer.getvalue()
    body = body[body.index("<svg") :]
    return f'<figure class="book-plot">{body}<figcaption>{caption}</figcaption></figure>'


def show(figure: plt.Figure, caption: str) -> None:
    """Print the figure for a block with ``html="1"``."""
    print(svg(figure, caption))
