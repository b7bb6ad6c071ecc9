scale = torch.tensor(1.0, requires_grad=True)
total = 0.0
for batch_value in (1.0, 2.0, 3.0):
    total = total + (scale * batch_value) ** 2  # 텐서째 더한다
print("텐서째 더한 total:", type(total).__name__, type(total.grad_fn).__name__, total.requires_grad)
numbers_only = sum(((scale * v) ** 2).item() for v in (1.0, 2.0, 3.0))
print(".item()으로 더한 합:", type(numbers_only).__name__, numbers_only)
assert type(total.grad_fn).__name__ == "AddBackward0" and numbers_only == 14.0  # markdown-exec: hide
