import torch

x = torch.tensor(2.0, requires_grad=True)

with torch.no_grad():
    y = x * 3  # 이 구간의 연산은 기록되지 않는다

print("y:", y)
print("y.requires_grad:", y.requires_grad)
print("y.grad_fn:", y.grad_fn)
print("구간 밖에서 다시 계산:", (x * 3).requires_grad)
assert y.item() == 6.0 and not y.requires_grad and y.grad_fn is None  # markdown-exec: hide
assert (x * 3).requires_grad  # markdown-exec: hide
