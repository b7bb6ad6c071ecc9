"""What a chapter's downloadable notebook uses in place of the book's page helpers.

A reader's notebook has torch, numpy and matplotlib, not this project. The notebook's first
code cell therefore defines the helpers its cells call: ``expect_error`` and ``print_mermaid``
are copied from :mod:`bookkit.show` and :mod:`bookkit.graph` (they need nothing else); the two
below replace helpers that only make sense in the book. Only the standard library, torch and
matplotlib are imported, and :mod:`bookkit.mkdocs.chapter_notebooks` copies their source verbatim.
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
