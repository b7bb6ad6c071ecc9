import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**3 + 2 * x
y.backward()
print("자동 미분:", x.grad.item())  # .item(): 원소 하나짜리 텐서 -> 파이썬 숫자
assert x.grad.item() == 14.0  # markdown-exec: hide
