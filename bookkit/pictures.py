"""Pictures drawn from a tensor's own numbers, for ideas that words explain badly.

- :func:`storage_figure`: a tensor's storage as a row of cells, and each view of it as a grid
  whose cells name the storage cell they read (from ``stride()`` and ``storage_offset()``).
- :func:`broadcast_figure`: shapes right-aligned column by column, with the size-1 (or
  missing) dimensions that broadcasting stretches marked, and the resulting shape.

Both return a matplotlib figure; pages print it with :func:`bookkit.plots.show`. The numbers
in the pictures are computed here from the tensors and shapes given, never typed by hand. Each
figure's label says in words what it shows, with the same numbers: :mod:`bookkit.plots` makes
it the picture's text alternative.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import matplotlib.pyplot as plt
import torch
from matplotlib.patches import Rectangle

import bookkit.plots  # noqa: F401  (Hangul font and SVG settings)

MAX_STORAGE_CELLS = 24
_PALETTE = plt.get_cmap("tab20").colors
_UNUSED = "#eeeeee"
_EDGE = "#444444"


def storage_indices(shape: Sequence[int], stride: Sequence[int], offset: int) -> list[int]:
    """Storage position of every element, in row-major order of ``shape``.

    Element ``(i0, i1, ...)`` sits at ``offset + i0 * stride[0] + i1 * stride[1] + ...``.
    """
    if len(shape) != len(stride):
        raise ValueError(f"shape {tuple(shape)} and stride {tuple(stride)} differ in length")
    return [
        offset + sum(i * s for i, s in zip(index, stride, strict=True))
        for index in itertools.product(*(range(n) for n in shape))
    ]


def _storage_values(tensor: torch.Tensor) -> list[float]:
    flat = torch.empty(0, dtype=tensor.dtype).set_(tensor.detach().untyped_storage())
    return flat.tolist()


def _label(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _color(position: int) -> tuple[float, float, float]:
    return _PALETTE[(2 * position + position // 10) % len(_PALETTE)]


def _shape_text(sizes: Sequence[int | str]) -> str:
    return "(" + ", ".join(str(n) for n in sizes) + ("," if len(sizes) == 1 else "") + ")"


def storage_figure(views: dict[str, torch.Tensor]) -> plt.Figure:
    """The shared storage of ``views`` (1-D or 2-D tensors) and how each view reads it.

    The top row is the storage, cell ``k`` holding its value and numbered ``k`` below. Each view
    is drawn as a grid; a cell shows the element's value and, small, ``[k]``: the storage cell
    it reads, in that cell's colour. Under each grid, the storage cells read in row-major order.
    """
    values = _shared_storage(views)
    grids = []
    for name, tensor in views.items():
        rows, cols = (1, tensor.shape[0]) if tensor.dim() == 1 else tuple(tensor.shape)
        positions = storage_indices(tensor.shape, tensor.stride(), tensor.storage_offset())
        grids.append((name, tensor, rows, cols, positions))

    width = max(len(values), sum(max(cols, 3) + 1.5 for _, _, _, cols, _ in grids) - 1.5)
    grid_height = max(rows for _, _, rows, _, _ in grids)
    fig, ax = plt.subplots(figsize=(0.62 * width + 1.2, 0.62 * (grid_height + 5.2)))
    ax.set_axis_off()
    ax.set_aspect("equal")
    top = grid_height + 2.9  # the storage row, at the top
    _draw_storage_row(ax, values, {p for *_, positions in grids for p in positions}, top)
    left = 0.0  # the views, side by side below it, hanging from the same line
    for grid in grids:
        _draw_view(ax, grid, values, left, grid_height)
        left += max(grid[3], 3) + 1.5
    ax.set_xlim(-1.6, width + 0.2)
    ax.set_ylim(-1.0, top + 1.2)
    fig.set_label(_storage_words(values, grids))
    return fig


def _shared_storage(views: dict[str, torch.Tensor]) -> list[float]:
    """The values of the storage all ``views`` share; ValueError for what cannot be drawn."""
    if not views:
        raise ValueError("no tensors to draw")
    tensors = list(views.values())
    storage = tensors[0].untyped_storage()
    for name, tensor in views.items():
        if tensor.dim() not in (1, 2):
            raise ValueError(f"{name}: only 1-D and 2-D tensors are drawn, got {tensor.dim()}-D")
        if tensor.untyped_storage().data_ptr() != storage.data_ptr():
            raise ValueError(f"{name} does not share the storage of the first tensor")
    values = _storage_values(tensors[0])
    if len(values) > MAX_STORAGE_CELLS:
        raise ValueError(f"storage of {len(values)} cells is too long to draw")
    return values


def _draw_storage_row(ax, values: list, used: set[int], top: float) -> None:
    """The storage as a row of numbered cells; cells no view reads are grey."""
    ax.text(-0.15, top + 0.5, "storage", ha="right", va="center", fontsize=10)
    for k, value in enumerate(values):
        color = _color(k) if k in used else _UNUSED
        ax.add_patch(Rectangle((k, top), 1, 1, facecolor=color, edgecolor=_EDGE, alpha=0.85))
        ax.text(k + 0.5, top + 0.5, _label(value), ha="center", va="center", fontsize=10)
        ax.text(k + 0.5, top - 0.25, str(k), ha="center", va="center", fontsize=7, color="#555555")


def _draw_view(ax, grid: tuple, values: list, left: float, grid_top: float) -> None:
    """One view as a grid under its title; each cell names the storage cell it reads."""
    name, tensor, rows, cols, positions = grid
    title = (f"{name}\nshape {_shape_text(tuple(tensor.shape))}\n"
             f"stride {_shape_text(tensor.stride())}, offset {tensor.storage_offset()}")
    ax.text(left, grid_top + 0.15, title, ha="left", va="bottom", fontsize=9,
            linespacing=1.4)
    for index, position in enumerate(positions):
        r, c = divmod(index, cols)
        x, y = left + c, grid_top - r - 1
        ax.add_patch(Rectangle((x, y), 1, 1, facecolor=_color(position),
                               edgecolor=_EDGE, alpha=0.85))
        ax.text(x + 0.5, y + 0.58, _label(values[position]), ha="center", va="center",
                fontsize=10)
        ax.text(x + 0.5, y + 0.2, f"[{position}]", ha="center", va="center", fontsize=7,
                color="#333333")
    order = " ".join(str(p) for p in positions)
    ax.text(left, grid_top - rows - 0.45, f"행 순서로 읽는 칸: {order}", ha="left",
            va="center", fontsize=8, color="#333333")


def _storage_words(values: list, grids: list) -> str:
    cells = ", ".join(f"[{k}] {_label(v)}" for k, v in enumerate(values))
    words = [f"storage {len(values)}칸: {cells}."]
    for name, tensor, _, _, positions in grids:
        words.append(
            f"{name}: shape {_shape_text(tuple(tensor.shape))}, stride "
            f"{_shape_text(tensor.stride())}, offset {tensor.storage_offset()}, 행 순서로 읽는 "
            f"칸 {' '.join(str(p) for p in positions)}."
        )
    return "storage와 view 그림. " + " ".join(words)


def broadcast_columns(shapes: dict[str, Sequence[int]]) -> tuple[list[str], list[list[str]]]:
    """Column-by-column reading of broadcasting, with the shapes right-aligned.

    Returns the result row and, for every shape, one entry per column: ``"same"`` (the size
    is already the result's), ``"stretched"`` (size 1, repeated to the result's size),
    ``"missing"`` (no such dimension: read as size 1) or ``"conflict"`` (sizes other than 1
    that differ). The result row holds each column's size as text, ``"불가"`` on a conflict.
    """
    width = max(len(shape) for shape in shapes.values())
    padded = [[None] * (width - len(shape)) + list(shape) for shape in shapes.values()]
    result: list[str] = []
    kinds: list[list[str]] = [[] for _ in padded]
    for column in range(width):
        sizes = [row[column] for row in padded]
        big = {n for n in sizes if n is not None and n != 1}
        conflict = len(big) > 1
        size = 1 if not big else max(big)
        result.append("불가" if conflict else str(size))
        for row_kinds, n in zip(kinds, sizes, strict=True):
            if n is None:
                row_kinds.append("missing")
            elif conflict and n != 1:
                row_kinds.append("conflict")
            elif n == size:
                row_kinds.append("same")
            else:
                row_kinds.append("stretched")
    return result, kinds


_FILL = {"same": "#e3f2fd", "stretched": "#ffcc80", "missing": "#ffffff", "conflict": "#ef9a9a"}


def _stretch(ax, x: float, y: float, width: float, start: str, end: str, color: str) -> None:
    """``start -> end`` inside a cell, with a drawn arrow (the font's arrow glyph is tiny)."""
    ax.text(x + 0.24 * width, y + 0.4, start, ha="center", va="center", fontsize=10, color=color)
    ax.text(x + 0.8 * width, y + 0.4, end, ha="center", va="center", fontsize=10)
    ax.annotate("", xy=(x + 0.66 * width, y + 0.4), xytext=(x + 0.46 * width, y + 0.4),
                arrowprops={"arrowstyle": "->", "color": "#333333", "linewidth": 1})


def broadcast_figure(shapes: dict[str, Sequence[int]]) -> plt.Figure:
    """Shapes right-aligned in columns, stretched dimensions marked, the result underneath.

    A size-1 dimension that broadcasting repeats reads ``1 -> 4``; a missing leading dimension
    is a dashed cell reading ``(1) -> 4``; sizes that cannot be matched are red, and so is the
    result's cell for that column.
    """
    if not shapes:
        raise ValueError("no shapes to draw")
    result, kinds = broadcast_columns(shapes)
    width = len(result)
    rows = len(shapes)
    cell = 1.5
    fig, ax = plt.subplots(figsize=(0.75 * (width * cell + 4.2), 0.75 * (rows + 2.4)))
    ax.set_axis_off()
    ax.set_aspect("equal")
    for row, ((name, shape), row_kinds) in enumerate(zip(shapes.items(), kinds, strict=True)):
        _draw_shape_row(ax, rows - row + 0.4, f"{name} {_shape_text(shape)}",
                        [None] * (width - len(shape)) + list(shape), row_kinds, result, cell)
    _draw_result_row(ax, result, cell)
    ax.text((width * cell - 0.1) / 2, rows + 1.6, "오른쪽 끝 축부터 맞춥니다", ha="center",
            va="center", fontsize=8, color="#555555")
    ax.set_xlim(-3.8, width * cell + 0.1)
    ax.set_ylim(0.0, rows + 1.9)
    fig.set_label(_broadcast_words(shapes, result, kinds))
    return fig


def _draw_shape_row(ax, y: float, label: str, sizes: list, row_kinds: list[str],
                    result: list[str], cell: float) -> None:
    """One shape's row of cells, right-aligned: a stretched or missing size reads ``1 -> n``."""
    ax.text(-0.25, y + 0.4, label, ha="right", va="center", fontsize=10)
    for column, (n, kind) in enumerate(zip(sizes, row_kinds, strict=True)):
        x = column * cell
        ax.add_patch(Rectangle((x, y), cell - 0.1, 0.8, facecolor=_FILL[kind],
                               edgecolor=_EDGE, linestyle="--" if kind == "missing" else "-"))
        grows = result[column] not in ("1", "불가")
        color = "#777777" if kind == "missing" else "black"
        start = "(1)" if kind == "missing" else str(n)
        if kind in ("missing", "stretched") and grows:
            _stretch(ax, x, y, cell - 0.1, start, result[column], color)
        else:
            ax.text(x + (cell - 0.1) / 2, y + 0.4, start, ha="center", va="center",
                    fontsize=10, color=color)


def _draw_result_row(ax, result: list[str], cell: float) -> None:
    """The line under the shapes and the result's row (red where a column cannot match)."""
    width = len(result)
    ax.plot([-3.6, width * cell - 0.1], [1.2, 1.2], color=_EDGE, linewidth=1)
    label = "결과: 불가" if "불가" in result else f"결과 {_shape_text(result)}"
    ax.text(-0.25, 0.6, label, ha="right", va="center", fontsize=10)
    for column, size in enumerate(result):
        x = column * cell
        fill = _FILL["conflict"] if size == "불가" else "#c8e6c9"
        ax.add_patch(Rectangle((x, 0.2), cell - 0.1, 0.8, facecolor=fill, edgecolor=_EDGE))
        ax.text(x + (cell - 0.1) / 2, 0.6, size, ha="center", va="center", fontsize=10)


def _broadcast_words(shapes: dict[str, Sequence[int]], result: list[str],
                     kinds: list[list[str]]) -> str:
    words = []
    for (name, shape), row_kinds in zip(shapes.items(), kinds, strict=True):
        sizes = [None] * (len(result) - len(shape)) + list(shape)
        columns = []
        for n, kind, size in zip(sizes, row_kinds, result, strict=True):
            if kind == "missing":  # read as 1, stretched only where the result is larger
                columns.append("없는 축(1로 읽음)" if size in ("1", "불가")
                               else f"없는 축(1로 읽음) → {size}")
            elif kind == "stretched":
                columns.append(f"{n} → {size}")
            elif kind == "conflict":
                columns.append(f"{n} 맞출 수 없음")
            else:
                columns.append(str(n))
        words.append(f"{name} {_shape_text(shape)}: {', '.join(columns)}.")
    outcome = "결과: 불가." if "불가" in result else f"결과 {_shape_text(result)}."
    return "브로드캐스팅 그림, 오른쪽 끝 축부터 맞춤. " + " ".join(words) + " " + outcome
