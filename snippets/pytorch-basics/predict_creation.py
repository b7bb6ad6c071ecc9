print("torch.linspace(0, 1, 5):", torch.linspace(0, 1, 5).tolist())
print("torch.arange(1, 10, 3) :", torch.arange(1, 10, 3).tolist())
print("torch.eye(3).sum()     :", torch.eye(3).sum().item())
print("torch.full((2, 2), 7)  :", torch.full((2, 2), 7).dtype)
assert torch.linspace(0, 1, 5).tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]  # markdown-exec: hide
assert torch.arange(1, 10, 3).tolist() == [1, 4, 7] and torch.eye(3).sum().item() == 3.0  # markdown-exec: hide
assert torch.full((2, 2), 7).dtype == torch.int64  # markdown-exec: hide
