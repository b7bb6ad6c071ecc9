x = torch.tensor(3.0, requires_grad=True)
loss = x**2
loss.backward()

with expect_error(RuntimeError, match="leaf Variable that requires grad"):
    x -= 0.1 * x.grad  # no_grad() 없이 리프 텐서를 제자리에서 바꾼다

with torch.no_grad():
    x -= 0.1 * x.grad  # 고친 코드
print("갱신 후 x:", round(x.item(), 4))
assert abs(x.item() - 2.4) < 1e-6  # markdown-exec: hide
