"""What a chapter's downloadable notebook uses in place of the book's page helpers.

A reader's notebook has torch, numpy and matplotlib, not this project. The notebook's first
code cell therefore defines the helpers its cells call: ``expect_error`` is copied from
:mod:`bookkit.show` (it needs nothing else); the functions below replace helpers that only make
sense in the book (``show_graph`` runs on :mod:`bookkit.graph`, copied before it). Only the
standard library, torch (with networkx, which it installs) and matplotlib are imported, and
:mod:`bookkit.mkdocs.chapter_notebooks` copies their source verbatim.
"""

from __future__ import annotations


def recording_device():
    """The device to run on: the GPU when there is one (the book records each device apart)."""
    import torch

    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


def show(figure, caption: str) -> None:
    """Show the figure in the notebook, with its caption below."""
    import matplotlib.pyplot as plt
    from IPython.display import display

    display(figure)
    plt.close(figure)
    print(caption)


def show_graph(root, names, root_name: str) -> None:
    """Show the autograd graph (drawn by the copied bookkit.graph) with its caption below."""
    from IPython.display import SVG, display

    display(SVG(graph_svg(root, names, root_name)))  # noqa: F821 (defined by bookkit.graph)
    nodes, _ = autograd_graph(root, names, root_name)  # noqa: F821
    print(graph_caption(nodes, root_name))  # noqa: F821


KOREAN_FONTS = ("NanumGothic", "Noto Sans CJK KR", "Noto Sans KR", "Apple SD Gothic Neo",
                "AppleGothic", "Malgun Gothic")


def use_korean_font(embedded: str) -> None:
    """Draw the plots' Korean text: the book's font, cut to this notebook's characters and
    embedded below (base64 TTF), first; then a Korean font installed on this machine, for
    characters you add; then matplotlib's own."""
    import base64
    import tempfile

    import matplotlib
    from matplotlib import font_manager

    path = tempfile.NamedTemporaryFile(suffix=".ttf", delete=False).name
    with open(path, "wb") as handle:
        handle.write(base64.b64decode(embedded))
    font_manager.fontManager.addfont(path)
    installed = {font.name for font in font_manager.fontManager.ttflist}
    families = [font_manager.FontProperties(fname=path).get_name()]
    families += [name for name in KOREAN_FONTS if name in installed]
    matplotlib.rcParams["font.family"] = [*families, "DejaVu Sans"]
