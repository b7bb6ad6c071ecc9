"""Plots drawn at build time and embedded in the page as inline SVG.

Korean labels render with the NanumGothic font that ``koreanize-matplotlib`` ships; text is
stored as paths in the SVG, so the reader needs no font. A missing glyph is a warning, which
:mod:`bookkit.capture` prints onto the page (and the site tests look for).
"""

from __future__ import annotations

import io
import warnings

import matplotlib
import matplotlib.pyplot as plt
from matplotlib.ticker import FuncFormatter, NullFormatter

with warnings.catch_warnings():
    # koreanize-matplotlib 0.1.1 uses distutils' deprecated Version classes on import.
    warnings.simplefilter("ignore", DeprecationWarning)
    import koreanize_matplotlib  # noqa: F401  (sets a Hangul font for matplotlib)

matplotlib.rcParams.update(
    {
        "svg.fonttype": "path",
        "svg.hashsalt": "book",  # stable ids: the same figure gives the same SVG
        "axes.unicode_minus": False,
        "figure.figsize": (6.4, 3.6),
        "figure.dpi": 100,
    }
)


def _plain_log_ticks(figure: plt.Figure) -> None:
    """Label log axes ``0.01``, ``100`` instead of mathtext ``10^{-2}``.

    Mathtext draws its minus as U+2212 in the text font, and NanumGothic has no such glyph.
    """
    for ax in figure.axes:
        for axis, scale in ((ax.xaxis, ax.get_xscale()), (ax.yaxis, ax.get_yscale())):
            if scale == "log":
                axis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
                axis.set_minor_formatter(NullFormatter())


def svg(figure: plt.Figure, caption: str) -> str:
    """The figure as an HTML ``<figure>`` with inline SVG and a caption; closes the figure."""
    _plain_log_ticks(figure)
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(figure)
    body = buffer.getvalue()
    body = body[body.index("<svg") :]
    return f'<figure class="book-plot">{body}<figcaption>{caption}</figcaption></figure>'


def show(figure: plt.Figure, caption: str) -> None:
    """Print the figure for a block with ``html="1"``."""
    print(svg(figure, caption))
