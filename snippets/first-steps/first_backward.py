import torch

x = torch.tensor(3.0, requires_grad=True)  # 이 텐서부터 계산을 기록한다
y = x**2

print("y:", y)
print("backward 전 x.grad:", x.grad)
y.backward()
print("backward 후 x.grad:", x.grad)
assert x.grad.item() == 6.0  # markdown-exec: hide
assert y.item() == 9.0  # markdown-exec: hide
