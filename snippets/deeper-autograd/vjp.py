import torch
from torch.autograd.functional import jacobian

torch.manual_seed(0)  # 뒤의 gradcheck 블록이 무작위 입력을 씁니다


def f(x):  # (3,) -> (2,)
    return torch.stack([x[0] * x[1], x[1] * x[2] ** 2])


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = f(x)  # (2,)
J = jacobian(f, x.detach())  # (2, 3): 행 = 출력, 열 = 입력
print("y =", y)
print("J =", J, sep="\n")

v = torch.tensor([1.0, -2.0])  # (2,): 출력마다 하나씩
y.backward(gradient=v)
print("x.grad =", x.grad, " (backward(gradient=v) 뒤)")
print("v @ J  =", v @ J)
assert torch.equal(J, torch.tensor([[2.0, 1.0, 0.0], [0.0, 9.0, 12.0]]))  # markdown-exec: hide
assert torch.equal(x.grad, torch.tensor([2.0, -17.0, -24.0]))  # markdown-exec: hide
assert torch.equal(x.grad, v @ J)  # markdown-exec: hide
