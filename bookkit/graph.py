"""Draw the graph autograd recorded, as a static SVG figure made at build time.

The picture is read from the real ``grad_fn`` chain of a tensor, so it always shows what
autograd recorded, never a hand-drawn idea of it. It needs no script to show and prints like
text: leaf tensors are rounded boxes with their name and shape, operations are rectangles with
their ``grad_fn`` class name, the result is a rounded box, and arrows run left to right.

Layout is a small layered (Sugiyama-style) drawing: networkx orders the nodes topologically,
long edges pass through invisible points in the columns they cross, and a few barycentre sweeps
reduce crossings. The book's graphs have a handful of nodes, so this is enough; a layout library
would be one more package for the chapter notebooks, which copy this module (torch brings
networkx). Every label is escaped: only the elements written here become markup.
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


def _rows(chained: nx.DiGraph, columns: list[list]) -> dict[object, float]:
    """Vertical centres: each node near its neighbours' mean, never overlapping in a column."""
    step = _NODE_HEIGHT + _ROW_GAP
    y = {node: i * step for column in columns for i, node in enumerate(column)}
    for _ in range(6):
        for column in columns:
            previous = None
            for node in column:
                around = [y[n] for n in (*chained.predecessors(node), *chained.successors(node))]
                wanted = sum(around) / len(around) if around else y[node]
                y[node] = wanted if previous is None else max(wanted, y[previous] + step)
                previous = node
        top = min(y.values())
        y = {node: value - top for node, value in y.items()}
    return y


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def graph_description(nodes: dict[object, GraphNode], edges: list[tuple[object, object]],
                      root_name: str) -> str:
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
    return (f"{root_name}의 autograd 그래프. 기울기를 받는 리프 텐서: {leaf_text}. "
            f"입력 쪽부터: {'; '.join(steps)}.")


def graph_caption(nodes: dict[object, GraphNode], root_name: str) -> str:
    """A short caption with the picture's counts."""
    leaves = [n.label for n in nodes.values() if n.kind == "leaf"]
    ops = sum(n.kind == "op" for n in nodes.values())
    return (f"{root_name}의 autograd 그래프: 리프 텐서 {len(leaves)}개({', '.join(leaves)}, "
            f"주황색 둥근 상자)에서 연산 노드 {ops}개를 거쳐 결과 {nodes[_RESULT].label}에 "
            "이릅니다.")


def graph_svg(root: torch.Tensor, names: dict[str, torch.Tensor], root_name: str) -> str:
    """The graph behind ``root`` as an inline ``<svg>`` with ``role="img"`` and a name."""
    nodes, edges = autograd_graph(root, names, root_name)
    graph, layer = _layers(nodes, edges)
    chained, columns = _order(graph, layer)
    y = _rows(chained, columns)
    width = {key: _text_width(node.label) + 2 * _PADDING_X for key, node in nodes.items()}
    left, x = [], _MARGIN
    for column in columns:
        left.append(x)
        x += max((width.get(n, 0) for n in column), default=0) + _COLUMN_GAP
    total_width = x - _COLUMN_GAP + _MARGIN
    total_height = max(y.values()) + _NODE_HEIGHT + 2 * _MARGIN

    def centre(node) -> tuple[float, float]:
        column = left[layer[node]]
        column_width = max(width.get(n, 0) for n in columns[layer[node]])
        return column + column_width / 2, _MARGIN + y[node] + _NODE_HEIGHT / 2

    label = graph_description(nodes, edges, root_name)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="book-graph__svg" role="img" '
        'data-search-exclude="" '  # the text alternative is for screen readers, not search
        f'aria-label="{html.escape(label)}" width="{_number(total_width)}" '
        f'height="{_number(total_height)}" viewBox="0 0 {_number(total_width)} '
        f'{_number(total_height)}" font-size="{_FONT_SIZE}">',
        f"<title>{html.escape(label)}</title>",
    ]
    for source, target in edges:
        points = [source, *(("dummy", source, target, step)
                            for step in range(layer[source] + 1, layer[target])), target]
        (x0, y0), (x1, y1) = centre(source), centre(target)
        path = [(x0 + width[source] / 2, y0)]
        path += [centre(p) for p in points[1:-1]]
        path.append((x1 - width[target] / 2 - _ARROW, y1))
        d = f"M{_number(path[0][0])},{_number(path[0][1])}"
        for (ax, ay), (bx, by) in itertools.pairwise(path):
            middle = (ax + bx) / 2
            d += (f" C{_number(middle)},{_number(ay)} {_number(middle)},{_number(by)} "
                  f"{_number(bx)},{_number(by)}")
        tip_x, tip_y = x1 - width[target] / 2, y1
        parts.append(
            f'<path class="book-graph__edge" d="{d}" fill="none" stroke="#666666" '
            'stroke-width="1.5"/>'
            f'<polygon class="book-graph__arrow" fill="#666666" points="'
            f"{_number(tip_x)},{_number(tip_y)} {_number(tip_x - _ARROW)},{_number(tip_y - 4)} "
            f'{_number(tip_x - _ARROW)},{_number(tip_y + 4)}"/>'
        )
    fills = {"leaf": ("#ffe0b2", "#e65100"), "op": ("#ffffff", "#666666"),
             "result": ("#e8f5e9", "#2e7d32")}
    for key, node in nodes.items():
        cx, cy = centre(key)
        fill, stroke = fills[node.kind]
        radius = _NODE_HEIGHT / 2 if node.kind != "op" else 3
        parts.append(
            f'<g class="book-graph__node book-graph__{node.kind}">'
            f'<rect x="{_number(cx - width[key] / 2)}" y="{_number(cy - _NODE_HEIGHT / 2)}" '
            f'width="{_number(width[key])}" height="{_NODE_HEIGHT}" rx="{_number(radius)}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'
            f'<text x="{_number(cx)}" y="{_number(cy)}" text-anchor="middle" '
            f'dominant-baseline="central" fill="#1a1a1a">{html.escape(node.label)}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def graph_figure(root: torch.Tensor, names: dict[str, torch.Tensor], root_name: str) -> str:
    """The graph as an HTML ``<figure>``: the SVG and a caption with its counts.

    The SVG keeps its size, so its text stays readable; a graph wider than the page scrolls
    sideways in a box that the keyboard can reach (``tabindex="0"``).
    """
    nodes, _ = autograd_graph(root, names, root_name)
    svg = graph_svg(root, names, root_name)
    return (f'<figure class="book-graph"><div class="book-graph__scroll" tabindex="0">{svg}</div>'
            f"<figcaption>{html.escape(graph_caption(nodes, root_name))}</figcaption></figure>")


def show_graph(root: torch.Tensor, names: dict[str, torch.Tensor], root_name: str) -> None:
    """Print the graph figure, for a block with ``html="1"``."""
    print(graph_figure(root, names, root_name))
