for left, right in [((2, 3), (3,)), ((3,), (3,)), ((4, 2, 3), (3, 5)), ((5, 1, 2, 3), (4, 3, 6))]:
    result = torch.ones(left) @ torch.ones(right)
    print(f"{left!s:<13} @ {right!s:<10} -> {tuple(result.shape)}")
assert (torch.ones(2, 3) @ torch.ones(3)).shape == (2,) and (torch.ones(3) @ torch.ones(3)).shape == ()  # markdown-exec: hide
assert (torch.ones(4, 2, 3) @ torch.ones(3, 5)).shape == (4, 2, 5)  # markdown-exec: hide
assert (torch.ones(5, 1, 2, 3) @ torch.ones(4, 3, 6)).shape == (5, 4, 2, 6)  # markdown-exec: hide
