pairs = [((2, 1), (3,)), ((5, 4), (5,)), ((3, 1, 4), (2, 4)), ((2, 3), (3, 2))]
outcomes = {}
for left, right in pairs:
    try:
        outcomes[(left, right)] = tuple(torch.broadcast_shapes(left, right))
    except RuntimeError:
        outcomes[(left, right)] = "불가"
    print(f"{left!s:<10} + {right!s:<7} -> {outcomes[(left, right)]}")
assert list(outcomes.values()) == [(2, 3), "불가", (3, 2, 4), "불가"]  # markdown-exec: hide
