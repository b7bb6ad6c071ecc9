q = torch.randn(2, 4, 5, 8)  # (B, heads, T, D)
k = torch.randn(2, 4, 5, 8)  # (B, heads, T, D)
scores = torch.einsum("bhqd,bhkd->bhqk", q, k)  # (B, heads, T, T)
print("einsum:", tuple(scores.shape))
print("q @ k.transpose(-2, -1)와 가까운가:", torch.allclose(scores, q @ k.transpose(-2, -1), atol=1e-6))
assert tuple(scores.shape) == (2, 4, 5, 5)  # markdown-exec: hide
assert torch.allclose(scores, q @ k.transpose(-2, -1), atol=1e-6)  # markdown-exec: hide
