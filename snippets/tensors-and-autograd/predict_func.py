from torch.func import grad, jacrev, vmap


def two_outputs(v):  # (3,) -> (2,)
    return torch.stack([v.sum(), (v * v).sum()])


print("jacrev(two_outputs)([1, 2, 3]):")
print(jacrev(two_outputs)(torch.tensor([1.0, 2.0, 3.0])))
rows = torch.tensor([[1.0, 2.0], [3.0, 4.0]])  # 샘플 2개
print("vmap(grad(제곱합)):", vmap(grad(lambda v: (v**2).sum()))(rows).tolist())
assert jacrev(two_outputs)(torch.tensor([1.0, 2.0, 3.0])).tolist() == [[1, 1, 1], [2, 4, 6]]  # markdown-exec: hide
assert vmap(grad(lambda v: (v**2).sum()))(rows).tolist() == [[2, 4], [6, 8]]  # markdown-exec: hide
