import torch

from labs.deep_learning_pytorch.first_steps.solutions.grad_check import (
    grad_matches,
    numerical_grad,
)


def cubic(t):
    return (t**3 + 2 * t).sum()  # 도함수 3t² + 2


def squares(t):
    return (t**2).sum()  # 기울기 2t


at_two = numerical_grad(cubic, torch.tensor(2.0))
at_vector = numerical_grad(squares, torch.tensor([1.0, 2.0, 3.0]))
print("x³ + 2x, x = 2:", f"{at_two.item():.8f}", "(정확한 값 14)")
print("제곱합, x = [1, 2, 3]:", [round(v, 6) for v in at_vector.tolist()])
print("결과의 자료형:", at_vector.dtype)
print("grad_matches(cubic):", grad_matches(cubic, torch.tensor([2.0])))
assert abs(at_two.item() - 14) < 5e-9 and at_two.dtype == torch.float64  # markdown-exec: hide
assert [round(v, 6) for v in at_vector.tolist()] == [2.0, 4.0, 6.0]  # markdown-exec: hide
assert grad_matches(cubic, torch.tensor([2.0])) is True  # markdown-exec: hide
