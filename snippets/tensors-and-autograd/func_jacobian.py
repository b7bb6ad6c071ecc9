from torch.func import jacrev, vjp


def f(x):                                                  # R^3 -> R^3
    return torch.tanh(x) * x.sum()


x0 = torch.tensor([0.1, -0.2, 0.3])
J = jacrev(f)(x0)                                          # (출력 3, 입력 3)
J_manual = torch.diag(1 - torch.tanh(x0) ** 2) * x0.sum() + torch.tanh(x0)[:, None]
print("Jacobian shape:", tuple(J.shape), "| 손 유도와 같은가:", torch.allclose(J, J_manual))
print(J.numpy().round(4))

J2 = jacrev(lambda a: (a * 2).sum(0))(torch.ones(2, 3))  # 입력 (2, 3) -> 출력 (3,)
print("2차원 입력의 Jacobian shape:", tuple(J2.shape))  # 출력 축 다음에 입력 축
assert tuple(J2.shape) == (3, 2, 3)  # markdown-exec: hide

_, vjp_fn = vjp(f, x0)                                     # v -> v^T J 를 계산하는 함수
(rows,) = vmap(vjp_fn)(torch.eye(3))                       # 단위 벡터 셋을 한꺼번에 넣는다
print("vmap(vjp)로 모은 행들이 jacrev와 같은가:", torch.allclose(rows, J))
assert tuple(J.shape) == (3, 3) and torch.allclose(J, J_manual)  # markdown-exec: hide
assert torch.allclose(rows, J)  # markdown-exec: hide
assert round(J[0, 0].item(), 4) == 0.2977 and round(J[0, 1].item(), 4) == 0.0997  # markdown-exec: hide
assert abs(x0.sum().item() - 0.2) < 1e-6  # markdown-exec: hide
off_diagonal = J[~torch.eye(3, dtype=torch.bool)].reshape(3, 2)  # markdown-exec: hide
assert torch.allclose(off_diagonal[:, 0], off_diagonal[:, 1])  # markdown-exec: hide
