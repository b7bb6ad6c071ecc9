"""bookkit helpers that pages use: expect_error, the autograd graph picture, plots."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from xml.etree import ElementTree

import matplotlib
import matplotlib.pyplot as plt
import pytest
import torch

from bookkit.graph import autograd_edges, graph_figure, graph_svg
from bookkit.mkdocs.site_check import markup_problems
from bookkit.plots import MissingGlyphError, description, svg
from bookkit.show import expect_error

SVG = "{http://www.w3.org/2000/svg}"


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


@dataclass(frozen=True)
class Box:
    kind: str
    left: float
    right: float
    top: float
    bottom: float

    @property
    def centre(self) -> tuple[float, float]:
        return (self.left + self.right) / 2, (self.top + self.bottom) / 2


def _graph_parts(svg_text: str):
    """Boxes (label -> Box) and arrows (start, end) of a graph SVG."""
    root = ElementTree.fromstring(svg_text)  # well-formed XML, or this fails
    boxes = {}
    for group in root.iter(f"{SVG}g"):
        rect, text = group.find(f"{SVG}rect"), group.find(f"{SVG}text")
        left, top = float(rect.get("x")), float(rect.get("y"))
        kind = group.get("class").split("__")[-1]
        boxes[text.text] = Box(
            kind, left, left + float(rect.get("width")), top, top + float(rect.get("height"))
        )
    arrows = []
    for path in root.iter(f"{SVG}path"):
        numbers = [float(n) for n in re.findall(r"-?[\d.]+", path.get("d"))]
        arrows.append(((numbers[0], numbers[1]), (numbers[-2], numbers[-1])))
    return root, boxes, arrows


def _joined(boxes, arrows, down: bool = False) -> set[tuple[str, str]]:
    """(source label, target label) of every arrow: it leaves a box's right side and stops
    just before another box's left side, at both boxes' mid height (``down``: it leaves a
    box's bottom and stops just above another box's top, at both boxes' middle)."""

    def start(box: Box) -> tuple[float, float]:
        x, y = box.centre
        return (round(x, 1), round(box.bottom, 1)) if down else (round(box.right, 1), y)

    def end(box: Box) -> tuple[float, float]:
        x, y = box.centre
        return (round(x, 1), round(box.top - 7, 1)) if down else (round(box.left - 7, 1), y)

    pairs = set()
    for first, last in arrows:
        source = [label for label, box in boxes.items() if start(box) == first]
        target = [label for label, box in boxes.items() if end(box) == last]
        assert len(source) == 1 and len(target) == 1, (first, last, boxes)
        pairs.add((source[0], target[0]))
    return pairs


def test_autograd_graph_is_an_svg_read_from_grad_fn():
    a = torch.tensor(2.0, requires_grad=True)
    b = torch.ones(3, requires_grad=True)
    y = (a * b).sum()
    nodes, edges = autograd_edges(y)
    assert sorted(nodes.values()) == [
        "AccumulateGrad",
        "AccumulateGrad",
        "MulBackward0",
        "SumBackward0",
    ]
    assert len(edges) == 3
    root, boxes, arrows = _graph_parts(graph_svg(y, {"a": a, "b": b}, "y"))
    assert {label: box.kind for label, box in boxes.items()} == {
        "a 스칼라": "leaf",
        "b (3)": "leaf",
        "MulBackward0": "op",
        "SumBackward0": "op",
        "y 스칼라": "result",
    }
    assert _joined(boxes, arrows) == {
        ("a 스칼라", "MulBackward0"),
        ("b (3)", "MulBackward0"),
        ("MulBackward0", "SumBackward0"),
        ("SumBackward0", "y 스칼라"),
    }
    lefts = {label: box.left for label, box in boxes.items()}
    assert lefts["a 스칼라"] < lefts["MulBackward0"] < lefts["SumBackward0"] < lefts["y 스칼라"]
    assert root.get("role") == "img" and root.find(f"{SVG}title").text == root.get("aria-label")
    assert "MulBackward0(입력: " in root.get("aria-label")
    figure = graph_figure(y, {"a": a, "b": b}, "y")
    assert (
        figure.startswith(
            '<figure class="book-graph"><div class="book-graph__scroll" tabindex="0"><svg'
        )
        and "</svg></div><figcaption>" in figure
    )
    assert "리프 텐서 2개(" in figure and "연산 노드 2개" in figure
    with pytest.raises(ValueError, match="no grad_fn"):
        graph_svg(torch.ones(2), {}, "z")


def test_a_graph_too_long_for_the_column_runs_top_to_bottom():
    """The book's column is 654 px wide in a 1280 px window: a long chain of operations (the
    classifier's loss) drawn left to right would not fit it, top to bottom it does."""
    x = torch.ones(4, 3)
    w = torch.zeros(3, 2, requires_grad=True)
    b = torch.zeros(2, requires_grad=True)
    loss = -(x @ w + b).softmax(dim=1)[:, 0].log().mean()
    root, boxes, arrows = _graph_parts(graph_svg(loss, {"W": w, "b": b}, "loss"))
    chain = [
        "AddBackward0",
        "SoftmaxBackward0",
        "SelectBackward0",
        "LogBackward0",
        "MeanBackward0",
        "NegBackward0",
        "loss 스칼라",
    ]
    assert _joined(boxes, arrows, down=True) == {
        ("W (3, 2)", "MmBackward0"),
        ("MmBackward0", "AddBackward0"),
        ("b (2)", "AddBackward0"),
        *itertools.pairwise(chain),
    }
    assert [boxes[label].top for label in chain] == sorted(boxes[label].top for label in chain)
    assert float(root.get("width")) <= 654 < sum(box.right - box.left for box in boxes.values())
    assert max(box.right for box in boxes.values()) <= float(root.get("width"))


def test_autograd_graph_labels_are_escaped():
    evil = torch.tensor(1.0, requires_grad=True)
    name = '<script>alert(1)</script>"'
    figure = graph_figure(evil * 2, {name: evil}, "<b>y</b>")
    root, boxes, _ = _graph_parts(figure[figure.index("<svg") : figure.index("</div><figc")])
    assert f"{name} 스칼라" in boxes and "<b>y</b> 스칼라" in boxes  # shown as text
    assert root.find(f".//{SVG}script") is None and "<script>" not in figure
    assert name in root.get("aria-label")
    assert markup_problems(figure) == []


def test_plots_render_korean_and_log_axes_with_the_books_font():
    fig, ax = plt.subplots()
    ax.loglog([0.01, 1, 100], [0.01, 1, 100])  # tick labels 10^-2 use the minus sign U+2212
    ax.set_title("배치 크기와 기울기 −1")
    html = svg(fig, "캡션")
    assert html.startswith('<figure class="book-plot"><svg') and "<figcaption>캡션" in html
    assert matplotlib.rcParams["font.family"] == ["Pretendard"]


def test_plots_and_pictures_are_named_images_that_state_their_numbers():
    from bookkit.pictures import broadcast_figure, storage_figure

    fig, ax = plt.subplots()
    ax.plot([1, 2, 3], [4.0, 2.5, 0.125], label="손실")
    ax.set_xlabel("단계")
    html = svg(fig, "<b>캡션</b>")
    image = ElementTree.fromstring(html[len('<figure class="book-plot">') : html.index("<figc")])
    label = image.get("aria-label")
    assert image.get("role") == "img" and image.find(f"{SVG}title").text == label
    assert "x축 단계" in label and "손실: 점 3개, x 1~3, y 0.125~4" in label
    assert "<figcaption>&lt;b&gt;캡션&lt;/b&gt;</figcaption>" in html
    x = torch.arange(6.0).reshape(2, 3)
    storage = description(storage_figure({"x": x, "x.t()": x.t()}))
    assert "storage 6칸: [0] 0, [1] 1," in storage
    assert "x.t(): shape (3, 2), stride (1, 3), offset 0, 행 순서로 읽는 칸 0 3 1 4 2 5" in storage
    broadcast = description(broadcast_figure({"a": (8, 1, 6, 1), "b": (7, 1, 5)}))
    assert "a (8, 1, 6, 1): 8, 1 → 7, 6, 1 → 5." in broadcast
    assert "b (7, 1, 5): 없는 축(1로 읽음) → 8, 7, 1 → 6, 5." in broadcast
    assert broadcast.endswith("결과 (8, 7, 6, 5).")
    assert description(broadcast_figure({"x": (4, 3), "y": (4,)})).endswith("결과: 불가.")
    bare, ax = plt.subplots()
    ax.set_axis_off()
    with pytest.raises(ValueError, match="no plot to describe"):
        svg(bare, "캡션")


def test_a_glyph_the_font_lacks_fails_the_plot():
    fig, ax = plt.subplots()
    ax.set_title("웃는 얼굴 🙂")  # not in Pretendard: matplotlib would draw an empty box
    with pytest.raises(MissingGlyphError, match="SLIGHTLY SMILING FACE.*missing from font"):
        svg(fig, "캡션")


def test_storage_indices_follow_stride_and_offset():
    from bookkit.pictures import storage_indices

    x = torch.arange(12).reshape(3, 4)
    for view in (x, x.t(), x[1:, 1:3], x[:, ::2], torch.arange(3).expand(4, 3)):
        flat = torch.empty(0, dtype=view.dtype).set_(view.untyped_storage())
        positions = storage_indices(view.shape, view.stride(), view.storage_offset())
        assert flat[positions].tolist() == view.flatten().tolist()
    assert storage_indices((2, 3), (1, 2), 0) == [0, 2, 4, 1, 3, 5]
    with pytest.raises(ValueError, match="differ in length"):
        storage_indices((2, 3), (1,), 0)


def test_broadcast_columns_agree_with_torch():
    from bookkit.pictures import broadcast_columns

    cases = [
        {"x": (4, 3), "b": (3,)},
        {"a": (8, 1, 6, 1), "b": (7, 1, 5)},
        {"s": (2, 1), "t": (1,)},
        {"x": (4, 3), "y": (4,)},
    ]
    for shapes in cases:
        result, kinds = broadcast_columns(shapes)
        try:
            expected = [str(n) for n in torch.broadcast_shapes(*shapes.values())]
        except RuntimeError:
            assert "불가" in result
            assert any("conflict" in row for row in kinds)
        else:
            assert result == expected
    result, kinds = broadcast_columns({"a": (8, 1, 6, 1), "b": (7, 1, 5)})
    assert kinds == [
        ["same", "stretched", "same", "stretched"],
        ["missing", "same", "stretched", "same"],
    ]


def test_pictures_render_without_missing_glyphs():
    from bookkit.pictures import broadcast_figure, storage_figure

    # plots.svg raises MissingGlyphError if the font lacks a character of a picture
    x = torch.arange(6.0).reshape(2, 3)
    html = svg(storage_figure({"x": x, "x.t()": x.t()}), "storage")
    html += svg(broadcast_figure({"x": (4, 3), "y": (4,)}), "broadcast")
    assert html.count("<svg") == 2
    with pytest.raises(ValueError, match="does not share"):
        storage_figure({"x": x, "y": torch.arange(6.0)})
    with pytest.raises(ValueError, match="only 1-D and 2-D"):
        storage_figure({"x": x.reshape(1, 2, 3)})


def test_page_frames_keep_only_the_pages_own_code():
    import warnings

    from bookkit.tracebacks import page_frames, page_tracebacks

    text = (
        "Error detected in SigmoidBackward0. Traceback of forward call that caused the error:\n"
        '  File "/abs/bookkit/worker.py", line 61, in main\n'
        "    output = run_code(block)\n"
        '  File "<frozen runpy>", line 88, in _run_code\n'
        "  File \"docs/page.md (block 'a')\", line 4, in <module>\n"
        "    loss = forward(a)\n"
        "           ^^^^^^^^^^\n"
        " (Triggered internally at torch/csrc/autograd/python_anomaly_mode.cpp:122.)"
    )
    assert page_frames(text).splitlines() == [
        "Error detected in SigmoidBackward0. Traceback of forward call that caused the error:",
        "  ... (페이지 밖의 프레임 2개)",
        "  File \"docs/page.md (block 'a')\", line 4, in <module>",
        "    loss = forward(a)",
        "           ^^^^^^^^^^",
        " (Triggered internally at torch/csrc/autograd/python_anomaly_mode.cpp:122.)",
    ]
    with page_tracebacks() as shown:
        warnings.warn("plain warning", UserWarning, stacklevel=1)
    assert shown == ["UserWarning: plain warning"]


def test_a_reference_line_is_described_by_its_value_not_as_points():
    """axhline/axvline keep one coordinate in axes fractions: "x 0~1" would misread it."""
    from bookkit.plots import description

    fig, ax = plt.subplots()
    ax.plot([100, 8192], [1, 2], label="data")
    ax.axhline(1.5, label="ref")
    text = description(fig)
    plt.close(fig)
    assert "data: 점 2개, x 100~8,192, y 1~2" in text
    assert "ref: y = 1.5인 가로 기준선" in text
