import torch
from torch.func import grad, vmap

torch.manual_seed(0)
w = torch.randn(3)                                         # (D,)
X, y = torch.randn(5, 3), torch.randn(5)                   # (N, D), (N,)


def loss_one(w, x, y):                                     # 샘플 하나의 손실
    return (x @ w - y) ** 2


one = grad(loss_one)(w, X[0], y[0])                        # (D,) 샘플 0의 기울기
print("grad(loss_one), 샘플 0:", [round(v, 4) for v in one.tolist()],
      "| 손 유도:", [round(v, 4) for v in (2 * (X[0] @ w - y[0]) * X[0]).tolist()])

per_sample = vmap(grad(loss_one), in_dims=(None, 0, 0))(w, X, y)   # (N, D)
manual = 2 * (X @ w - y)[:, None] * X                      # (N, D) 손 유도
print("샘플별 기울기 형태:", tuple(per_sample.shape),
      "| 손 유도와 같은가:", torch.allclose(per_sample, manual))

w_leaf = w.clone().requires_grad_()                        # 합한 손실의 역전파는 합을 준다
((X @ w_leaf - y) ** 2).sum().backward()
print("샘플별 기울기의 합 == backward:", torch.allclose(per_sample.sum(0), w_leaf.grad))
assert torch.allclose(one, 2 * (X[0] @ w - y[0]) * X[0])  # markdown-exec: hide
assert tuple(per_sample.shape) == (5, 3) and torch.allclose(per_sample, manual)  # markdown-exec: hide
assert torch.allclose(per_sample.sum(0), w_leaf.grad)  # markdown-exec: hide
