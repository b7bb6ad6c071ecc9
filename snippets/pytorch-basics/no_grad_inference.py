from torch import nn

model = nn.Linear(3, 1)
inputs = torch.randn(4, 3)  # (B, 3)

out = model(inputs)
print("기록 켬: requires_grad =", out.requires_grad, "| grad_fn =", type(out.grad_fn).__name__)

with torch.no_grad():
    out = model(inputs)  # 추론: 그래프를 만들지 않는다
print("no_grad: requires_grad =", out.requires_grad, "| grad_fn =", out.grad_fn)
assert out.grad_fn is None and not out.requires_grad  # markdown-exec: hide
