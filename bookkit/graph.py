"""Draw the graph autograd recorded, as a static SVG figure made at build time.

The picture is read from the real ``grad_fn`` chain of a tensor, so it always shows what
autograd recorded, never a hand-drawn idea of it. It needs no script to show and prints like
text: leaf tensors are rounded boxes with their name and shape, operations are rectangles with
their ``grad_fn`` class name, the result is a rounded box, and arrows run left to right, or
top to bottom where left to right would not fit the page's column (a long chain of operations).

Layout is a small layered (Sugiyama-style) drawing: networkx orders the nodes topologically,
long edges pass through invisible points in the layers they cross, and a few barycentre sweeps
reduce crossings; the layers are then laid out as columns or as rows. The book's graphs have a
handful of nodes, so this is enough; a layout library would be one more package for the chapter
notebooks, which copy this module (torch brings networkx). Every label is escaped: only the
elements written here become markup.
"""

from __future__ import annotations

import html
import itertools
import unicodedata
from collections import Counter
from dataclasses import dataclass

import networkx as nx
import torch

_FONT_SIZE = 13
_NODE_HEIGHT = 32
_PADDING_X = 10
_COLUMN_GAP = 32
_ROW_GAP = 16
_MARGIN = 8
_ARROW = 7
_RESULT = "result"
_FILLS = {
    "leaf": ("#ffe0b2", "#e65100"),
    "op": ("#ffffff", "#666666"),
    "result": ("#e8f5e9", "#2e7d32"),
}
# The book's content column is 654 px wide in a 1280 px window (Material, both sidebars shown):
# a graph wider than 640 px left to right (a margin under the column) is laid out top to bottom,
# unless top to bottom would be wider still.
_MAX_WIDTH = 640
# A picture shrinks to a narrower column down to this scale (text 10 px), then scrolls.
_MIN_SCALE = 10 / _FONT_SIZE


@dataclass(frozen=True)
class GraphNode:
    """One box of the picture: ``kind`` is ``"leaf"``, ``"op"`` or ``"result"``."""

    label: str
    kind: str


def autograd_edges(root: torch.Tensor) -> tuple[dict[int, str], list[tuple[int, int]]]:
    """Nodes (id -> grad_fn class name) and edges (input node -> node) below ``root``."""
    nodes, edges, _ = _walk(root)
    return nodes, edges


def _walk(root: torch.Tensor):
    if root.grad_fn is None:
        raise ValueError("the tensor has no grad_fn: nothing was recorded for it")
    nodes: dict[int, str] = {}
    fns: dict[int, object] = {}
    edges: list[tuple[int, int]] = []
    stack = [root.grad_fn]
    while stack:
        fn = stack.pop()
        if id(fn) in nodes:
            continue
        nodes[id(fn)] = type(fn).__name__
        fns[id(fn)] = fn
        for next_fn, _ in fn.next_functions:
            if next_fn is None:
                continue
            edges.append((id(next_fn), id(fn)))
            stack.append(next_fn)
    return nodes, edges, fns


def _shape_label(tensor: torch.Tensor) -> str:
    return "스칼라" if tensor.dim() == 0 else str(tuple(tensor.shape)).replace(",)", ")")


def autograd_graph(
    root: torch.Tensor, names: dict[str, torch.Tensor], root_name: str
) -> tuple[dict[object, GraphNode], list[tuple[object, object]]]:
    """The picture's boxes and arrows: leaves labelled by ``names``, ``root`` as the result.

    Arrows run from an input to the node that used it, one per recorded input (an input used
    twice by one operation gives two equal arrows).
    """
    kinds, edges, fns = _walk(root)
    nodes: dict[object, GraphNode] = {}
    for key, kind in kinds.items():
        variable = getattr(fns[key], "variable", None)
        if variable is not None:
            name = next((n for n, t in names.items() if t is variable), "leaf")
            nodes[key] = GraphNode(f"{name} {_shape_label(variable)}", "leaf")
        else:
            nodes[key] = GraphNode(kind, "op")
    nodes[_RESULT] = GraphNode(f"{root_name} {_shape_label(root)}", "result")
    return nodes, [*edges, (id(root.grad_fn), _RESULT)]


def _text_width(text: str) -> float:
    """Estimated width of ``text`` in pixels: a wide letter (Hangul) is 1 em, others 0.6 em."""
    wide = sum(unicodedata.east_asian_width(c) in "WF" for c in text)
    return _FONT_SIZE * (0.6 * (len(text) - wide) + 1.0 * wide)


def _layers(nodes, edges) -> tuple[nx.DiGraph, dict[object, int]]:
    graph = nx.DiGraph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from(edges)
    layer: dict[object, int] = {}
    for node in nx.topological_sort(graph):
        layer[node] = max((layer[p] + 1 for p in graph.predecessors(node)), default=0)
    for node in graph:  # an input sits just left of its first user, not in the first column
        if graph.in_degree(node) == 0 and graph.out_degree(node):
            layer[node] = min(layer[s] for s in graph.successors(node)) - 1
    return graph, layer


def _order(graph: nx.DiGraph, layer: dict[object, int]) -> tuple[nx.DiGraph, list[list]]:
    """Columns of nodes, long edges split by dummy points, ordered to reduce crossings."""
    chained = nx.DiGraph()
    chained.add_nodes_from(graph)
    for source, target in graph.edges:
        previous = source
        for step in range(layer[source] + 1, layer[target]):
            dummy = ("dummy", source, target, step)
            layer[dummy] = step
            chained.add_edge(previous, dummy)
            previous = dummy
        chained.add_edge(previous, target)
    columns: list[list] = [[] for _ in range(max(layer.values()) + 1)]
    for node in nx.topological_sort(chained):
        columns[layer[node]].append(node)
    for _ in range(4):  # down the columns by inputs, back up by users
        for index in range(1, len(columns)):
            _sort_by_barycentre(columns, index, chained.predecessors)
        for index in range(len(columns) - 2, -1, -1):
            _sort_by_barycentre(columns, index, chained.successors)
    return chained, columns


def _sort_by_barycentre(columns: list[list], index: int, neighbours) -> None:
    position = {node: i for column in columns for i, node in enumerate(column)}

    def key(node) -> float:
        around = [position[n] for n in neighbours(node)]
        return sum(around) / len(around) if around else position[node]

    columns[index].sort(key=key)


def _cross_positions(chained: nx.DiGraph, columns: list[list], extent) -> dict[object, float]:
    """Centres across the layers: each node at the mean of its inputs (sweeping down the layers),
    then of its users (sweeping back up), never overlapping the node before it in its layer
    (``extent(node)``: its size across the layers). A chain of operations comes out straight."""
    centre: dict[object, float] = {}

    def stack(column: list, wanted) -> None:
        previous = None
        for node in column:
            centre[node] = wanted(node)
            if previous is not None:
                room = (extent(previous) + extent(node)) / 2 + _ROW_GAP
                centre[node] = max(centre[node], centre[previous] + room)
            previous = node

    def mean_of(neighbours):
        def wanted(node) -> float:
            around = [centre[n] for n in neighbours(node)]
            return sum(around) / len(around) if around else centre[node]

        return wanted

    for column in columns:
        stack(column, lambda node: 0.0)
    for _ in range(6):
        for column in columns[1:]:
            stack(column, mean_of(chained.predecessors))
        for column in reversed(columns[:-1]):
            stack(column, mean_of(chained.successors))
        top = min(value - extent(node) / 2 for node, value in centre.items())
        for node in centre:
            centre[node] -= top
    return centre


@dataclass
class _Layout:
    """Where one picture puts its boxes. Layers run left to right (``across``) or top to
    bottom; positions are kept along the layers and across them until they are drawn."""

    across: bool
    nodes: dict[object, GraphNode]
    layer: dict[object, int]  # also of the bend points of long edges
    width: dict[object, float]  # of each box
    along: dict[object, float]  # centres along the layers, of boxes and bend points
    cross: dict[object, float]  # centres across the layers
    size: tuple[float, float]  # of the picture: width, height

    def extent_along(self, node) -> float:
        return self.width.get(node, 0.0) if self.across else _NODE_HEIGHT

    def point(self, along: float, cross: float) -> tuple[float, float]:
        """(x, y) in the picture."""
        x, y = (along, cross) if self.across else (cross, along)
        return x + _MARGIN, y + _MARGIN

    def xy(self, along: float, cross: float) -> str:
        """A point as the SVG writes it, "x,y"."""
        return ",".join(_number(value) for value in self.point(along, cross))


def _layout(
    nodes: dict[object, GraphNode], edges: list[tuple[object, object]], across: bool
) -> _Layout:
    graph, layer = _layers(nodes, edges)
    chained, columns = _order(graph, layer)
    width = {key: _text_width(node.label) + 2 * _PADDING_X for key, node in nodes.items()}
    layout = _Layout(across, nodes, layer, width, {}, {}, (0.0, 0.0))

    def extent_across(node) -> float:  # a bend point takes no room across in a row
        return _NODE_HEIGHT if across else width.get(node, 0.0)

    layout.cross = _cross_positions(chained, columns, extent_across)
    start = 0.0
    for column in columns:
        thickness = max((layout.extent_along(node) for node in column), default=0.0)
        layout.along.update({node: start + thickness / 2 for node in column})
        start += thickness + _COLUMN_GAP
    length = start - _COLUMN_GAP + 2 * _MARGIN
    breadth = max(value + extent_across(node) / 2 for node, value in layout.cross.items())
    breadth += 2 * _MARGIN
    layout.size = (length, breadth) if across else (breadth, length)
    return layout


def _fitting_layout(nodes: dict[object, GraphNode], edges: list[tuple[object, object]]) -> _Layout:
    """Left to right where that fits the page's column, else the narrower of the two ways."""
    across = _layout(nodes, edges, across=True)
    if across.size[0] <= _MAX_WIDTH:
        return across
    return min(across, _layout(nodes, edges, across=False), key=lambda layout: layout.size[0])


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def graph_description(
    nodes: dict[object, GraphNode], edges: list[tuple[object, object]], root_name: str
) -> str:
    """What the picture shows, in words: its text alternative."""
    graph, _ = _layers(nodes, edges)
    counts = Counter(node.label for node in nodes.values() if node.kind == "op")
    seen: Counter = Counter()
    spoken: dict[object, str] = {}
    for key in nx.topological_sort(graph):
        label = nodes[key].label
        if counts[label] > 1:
            seen[label] += 1
            label = f"{label} #{seen[label]}"
        spoken[key] = label
    leaves = [spoken[k] for k in spoken if nodes[k].kind == "leaf"]
    steps = []
    for key in spoken:
        if nodes[key].kind == "leaf":
            continue
        inputs = ", ".join(spoken[source] for source, target in edges if target == key)
        steps.append(f"{spoken[key]}(입력: {inputs})")
    leaf_text = ", ".join(leaves) if leaves else "없음"
    return (
        f"{root_name}의 autograd 그래프. 기울기를 받는 리프 텐서: {leaf_text}. "
        f"입력 쪽부터: {'; '.join(steps)}."
    )


def graph_caption(nodes: dict[object, GraphNode], root_name: str) -> str:
    """A short caption with the picture's counts."""
    leaves = [n.label for n in nodes.values() if n.kind == "leaf"]
    ops = sum(n.kind == "op" for n in nodes.values())
    return (
        f"{root_name}의 autograd 그래프: 리프 텐서 {len(leaves)}개({', '.join(leaves)}, "
        f"주황색 둥근 상자)에서 연산 노드 {ops}개를 거쳐 결과 {nodes[_RESULT].label}에 "
        "이릅니다."
    )


def _svg_start(layout: _Layout, label: str) -> str:
    width, height = (_number(value) for value in layout.size)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="book-graph__svg" role="img" '
        'data-search-exclude="" '  # the text alternative is for screen readers, not search
        f'aria-label="{html.escape(label)}" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-size="{_FONT_SIZE}" '
        f'style="min-width: {_number(layout.size[0] * _MIN_SCALE)}px">'
        f"<title>{html.escape(label)}</title>"
    )


def _edge(layout: _Layout, source, target) -> str:
    """An arrow from ``source``'s far side, through its bend points, to ``target``'s near side."""
    bends = [
        ("dummy", source, target, step)
        for step in range(layout.layer[source] + 1, layout.layer[target])
    ]
    tip = (layout.along[target] - layout.extent_along(target) / 2, layout.cross[target])
    route = [
        (layout.along[source] + layout.extent_along(source) / 2, layout.cross[source]),
        *((layout.along[bend], layout.cross[bend]) for bend in bends),
        (tip[0] - _ARROW, tip[1]),
    ]
    d = "M" + layout.xy(*route[0])
    for (along0, cross0), (along1, cross1) in itertools.pairwise(route):
        middle = (along0 + along1) / 2
        d += (
            f" C{layout.xy(middle, cross0)} {layout.xy(middle, cross1)} {layout.xy(along1, cross1)}"
        )
    head = [tip, (tip[0] - _ARROW, tip[1] - 4), (tip[0] - _ARROW, tip[1] + 4)]
    return (
        f'<path class="book-graph__edge" d="{d}" fill="none" stroke="#666666" '
        'stroke-width="1.5"/>'
        f'<polygon class="book-graph__arrow" fill="#666666" points="'
        f'{" ".join(layout.xy(*point) for point in head)}"/>'
    )


def _box(layout: _Layout, key) -> str:
    node, width = layout.nodes[key], layout.width[key]
    x, y = layout.point(layout.along[key], layout.cross[key])
    fill, stroke = _FILLS[node.kind]
    radius = _NODE_HEIGHT / 2 if node.kind != "op" else 3
    return (
        f'<g class="book-graph__node book-graph__{node.kind}">'
        f'<rect x="{_number(x - width / 2)}" y="{_number(y - _NODE_HEIGHT / 2)}" '
        f'width="{_number(width)}" height="{_NODE_HEIGHT}" rx="{_number(radius)}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'
        f'<text x="{_number(x)}" y="{_number(y)}" text-anchor="middle" '
        f'dominant-baseline="central" fill="#1a1a1a">{html.escape(node.label)}</text></g>'
    )


def graph_svg(root: torch.Tensor, names: dict[str, torch.Tensor], root_name: str) -> str:
    """The graph behind ``root`` as an inline ``<svg>`` with ``role="img"`` and a name."""
    nodes, edges = autograd_graph(root, names, root_name)
    layout = _fitting_layout(nodes, edges)
    return "".join(
        [
            _svg_start(layout, graph_description(nodes, edges, root_name)),
            *(_edge(layout, source, target) for source, target in edges),
            *(_box(layout, key) for key in nodes),
            "</svg>",
        ]
    )


def graph_figure(root: torch.Tensor, names: dict[str, torch.Tensor], root_name: str) -> str:
    """The graph as an HTML ``<figure>``: the SVG and a caption with its counts.

    Every graph of the book fits the column of a 1280 px window. In a narrower one the SVG
    shrinks down to 10 px text, then scrolls sideways in a box that the keyboard can reach
    (``tabindex="0"``).
    """
    nodes, _ = autograd_graph(root, names, root_name)
    svg = graph_svg(root, names, root_name)
    return (
        f'<figure class="book-graph"><div class="book-graph__scroll" tabindex="0">{svg}</div>'
        f"<figcaption>{html.escape(graph_caption(nodes, root_name))}</figcaption></figure>"
    )


def show_graph(root: torch.Tensor, names: dict[str, torch.Tensor], root_name: str) -> None:
    """Print the graph figure, for a block with ``html="1"``."""
    print(graph_figure(root, names, root_name))
