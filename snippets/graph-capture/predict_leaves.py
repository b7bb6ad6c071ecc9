start = torch.tensor(2.0, requires_grad=True)
scaled = start * 3
constant = torch.tensor(3.0) * 2  # 연산의 결과지만 기록할 것이 없다
for name, t in [("start", start), ("scaled", scaled), ("constant", constant)]:
    print(f"{name:<9} is_leaf={t.is_leaf!s:<6} grad_fn={type(t.grad_fn).__name__}")
assert start.is_leaf and not scaled.is_leaf and constant.is_leaf  # markdown-exec: hide
assert type(scaled.grad_fn).__name__ == "MulBackward0"  # markdown-exec: hide
assert constant.grad_fn is None  # markdown-exec: hide
