"""bookkit helpers that pages use: expect_error, the autograd graph picture, plots."""

from __future__ import annotations

import matplotlib
import matplotlib.pyplot as plt
import pytest
import torch

from bookkit.graph import autograd_edges, mermaid_graph
from bookkit.plots import MissingGlyphError, svg
from bookkit.show import expect_error


def test_expect_error_prints_the_real_message(capsys):
    with expect_error(RuntimeError, match="second time"):
        x = torch.tensor(2.0, requires_grad=True)
        y = x**2
        y.backward()
        y.backward()
    assert capsys.readouterr().out.startswith("RuntimeError: Trying to backward through the graph")


def test_expect_error_fails_when_nothing_or_something_else_is_raised():
    with pytest.raises(AssertionError, match="nothing was raised"):
        with expect_error(ValueError):
            pass
    with pytest.raises(KeyError):
        with expect_error(ValueError):
            raise KeyError("other")
    with pytest.raises(AssertionError, match="matching 'shape'"):
        with expect_error(ValueError, match="shape"):
            raise ValueError("dtype mismatch")


def test_mermaid_graph_is_read_from_grad_fn():
    a = torch.tensor(2.0, requires_grad=True)
    b = torch.ones(3, requires_grad=True)
    y = (a * b).sum()
    nodes, edges = autograd_edges(y)
    assert sorted(nodes.values()) == [
        "AccumulateGrad", "AccumulateGrad", "MulBackward0", "SumBackward0"
    ]
    assert len(edges) == 3
    text = mermaid_graph(y, {"a": a, "b": b}, "y")
    assert text.startswith("flowchart LR")
    assert '(["a 스칼라"])' in text and '(["b (3)"])' in text and '(["y 스칼라"])' in text
    with pytest.raises(ValueError, match="no grad_fn"):
        mermaid_graph(torch.ones(2), {}, "z")


def test_plots_render_korean_and_log_axes_with_the_books_font():
    fig, ax = plt.subplots()
    ax.loglog([0.01, 1, 100], [0.01, 1, 100])  # tick labels 10^-2 use the minus sign U+2212
    ax.set_title("배치 크기와 기울기 −1")
    html = svg(fig, "캡션")
    assert html.startswith('<figure class="book-plot"><svg') and "<figcaption>캡션" in html
    assert matplotlib.rcParams["font.family"] == ["Pretendard"]


def test_a_glyph_the_font_lacks_fails_the_plot():
    fig, ax = plt.subplots()
    ax.set_title("웃는 얼굴 🙂")  # not in Pretendard: matplotlib would draw an empty box
    with pytest.raises(MissingGlyphError, match="SLIGHTLY SMILING FACE.*missing from font"):
        svg(fig, "캡션")
