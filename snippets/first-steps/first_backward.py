import torch

x = torch.tensor(3.0, requires_grad=True)  # 이 텐서부터 계산을 기록한다
y = x**2  # 실수 결과: 기록된다
positive = x > 0  # 참·거짓 결과: 미분할 수 없으므로 기록되지 않는다

print("y:", y)
print("x > 0:", positive, "| grad_fn:", positive.grad_fn)
print("backward 전 x.grad:", x.grad)
y.backward()
print("backward 후 x.grad:", x.grad)
assert x.grad.item() == 6.0  # markdown-exec: hide
assert y.item() == 9.0  # markdown-exec: hide
assert positive.grad_fn is None and not positive.requires_grad  # markdown-exec: hide
assert y.grad_fn is not None  # markdown-exec: hide
