candidates = {
    "torch.tensor(7)": torch.tensor(7),
    "torch.tensor([[1.0], [2.0]])": torch.tensor([[1.0], [2.0]]),
    "torch.tensor([1, 2, 3])": torch.tensor([1, 2, 3]),
    "torch.tensor([[[0.5]]])": torch.tensor([[[0.5]]]),
}
for code, made in candidates.items():
    print(f"{code:<29} 형태 {tuple(made.shape)!s:<9} ndim {made.ndim}  {made.dtype}")
shapes_seen = {code: (tuple(t.shape), t.ndim, t.dtype) for code, t in candidates.items()}  # markdown-exec: hide
assert shapes_seen["torch.tensor(7)"] == ((), 0, torch.int64)  # markdown-exec: hide
assert shapes_seen["torch.tensor([[1.0], [2.0]])"] == ((2, 1), 2, torch.float32)  # markdown-exec: hide
assert shapes_seen["torch.tensor([1, 2, 3])"] == ((3,), 1, torch.int64)  # markdown-exec: hide
assert shapes_seen["torch.tensor([[[0.5]]])"] == ((1, 1, 1), 3, torch.float32)  # markdown-exec: hide
