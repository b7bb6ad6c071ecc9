"""Draw the graph autograd recorded, as a mermaid flowchart the page renders.

The picture is read from the real ``grad_fn`` chain of a tensor, so it always shows what
autograd recorded, never a hand-drawn idea of it.
"""

from __future__ import annotations

import torch


def autograd_edges(root: torch.Tensor) -> tuple[dict[int, str], list[tuple[int, int]]]:
    """Nodes (id -> grad_fn class name) and edges (input node -> node) below ``root``."""
    if root.grad_fn is None:
        raise ValueError("the tensor has no grad_fn: nothing was recorded for it")
    nodes: dict[int, str] = {}
    edges: list[tuple[int, int]] = []
    stack = [root.grad_fn]
    while stack:
        fn = stack.pop()
        if id(fn) in nodes:
            continue
        nodes[id(fn)] = type(fn).__name__
        for next_fn, _ in fn.next_functions:
            if next_fn is None:
                continue
            edges.append((id(next_fn), id(fn)))
            stack.append(next_fn)
    return nodes, edges


def _shape_label(tensor: torch.Tensor) -> str:
    return "스칼라" if tensor.dim() == 0 else str(tuple(tensor.shape)).replace(",)", ")")


def mermaid_graph(root: torch.Tensor, names: dict[str, torch.Tensor], root_name: str) -> str:
    """A mermaid ``flowchart`` of the graph behind ``root``, leaves labelled by ``names``.

    Leaf tensors (``AccumulateGrad`` nodes) are drawn as rounded boxes with their variable
    name; operations as rectangles with the ``grad_fn`` class name; ``root`` as the result.
    """
    nodes, edges = autograd_edges(root)
    fns = {}
    stack = [root.grad_fn]
    while stack:
        fn = stack.pop()
        if id(fn) in fns:
            continue
        fns[id(fn)] = fn
        stack.extend(n for n, _ in fn.next_functions if n is not None)

    short = {node: f"n{index}" for index, node in enumerate(nodes)}
    lines = ["flowchart LR"]
    for node, kind in nodes.items():
        fn = fns[node]
        variable = getattr(fn, "variable", None)
        if variable is not None:
            label = next((n for n, t in names.items() if t is variable), "leaf")
            lines.append(f'    {short[node]}(["{label} {_shape_label(variable)}"])')
        else:
            lines.append(f'    {short[node]}["{kind}"]')
    lines.append(f'    out(["{root_name} {_shape_label(root)}"])')
    lines.append("    classDef leaf fill:#ffe0b2,stroke:#e65100")
    for node in nodes:
        if getattr(fns[node], "variable", None) is not None:
            lines.append(f"    class {short[node]} leaf")
    for source, target in edges:
        lines.append(f"    {short[source]} --> {short[target]}")
    lines.append(f"    {short[id(root.grad_fn)]} --> out")
    return "\n".join(lines)


def print_mermaid(root: torch.Tensor, names: dict[str, torch.Tensor], root_name: str) -> None:
    """Print the graph as a mermaid fence (use in a block without ``result=``)."""
    print("```mermaid")
    print(mermaid_graph(root, names, root_name))
    print("```")
