from bookkit.show import expect_error

x = torch.tensor(2.0, requires_grad=True)
z = x * 3

y_detach = z**2 + z.detach() * 5  # 한 길만 끊는다
with torch.no_grad():
    y_no_grad = z**2 + z * 5  # 구간 안의 모든 연산을 기록하지 않는다

print("값:", y_detach.item(), y_no_grad.item())
print("requires_grad:", y_detach.requires_grad, y_no_grad.requires_grad)

y_detach.backward()
print("detach 쪽 x.grad:", x.grad)
with expect_error(RuntimeError, match="does not require grad"):
    y_no_grad.backward()
assert y_detach.item() == y_no_grad.item() == 66.0  # markdown-exec: hide
assert x.grad.item() == 36.0  # markdown-exec: hide
