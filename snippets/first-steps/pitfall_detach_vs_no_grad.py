from bookkit.show import expect_error

x = torch.tensor(2.0, requires_grad=True)
z = x * 3

y_detach = z**2 + z.detach() * 5  # 한 길만 끊는다
with torch.no_grad():
    y_no_grad = z**2 + z * 5  # 식 전체를 감쌌다: 두 길 모두 기록되지 않는다

print("값:", y_detach.item(), y_no_grad.item())
print("requires_grad:", y_detach.requires_grad, y_no_grad.requires_grad)

y_detach.backward()
print("detach 쪽 x.grad:", x.grad)
with expect_error(RuntimeError, match="does not require grad"):
    y_no_grad.backward()
assert y_detach.item() == y_no_grad.item() == 66.0  # markdown-exec: hide
assert x.grad.item() == 36.0  # markdown-exec: hide

# no_grad()가 5배 하는 길만 감싸면 detach()와 같은 기울기가 나온다.
x2 = torch.tensor(2.0, requires_grad=True)
z2 = x2 * 3
with torch.no_grad():
    linear = z2 * 5
y_narrow = z2**2 + linear
y_narrow.backward()
print("5배 길만 감싼 no_grad 쪽 값:", y_narrow.item(), "| x.grad:", x2.grad)
assert y_narrow.item() == 66.0 and x2.grad.item() == 36.0  # markdown-exec: hide

# 감싼 식 밖에서 기록된 항을 더하면 오류 없이 기울기만 틀린다.
x3 = torch.tensor(2.0, requires_grad=True)
z3 = x3 * 3
with torch.no_grad():
    wrapped = z3**2 + z3 * 5  # 두 길 모두 기록되지 않는다
y_wide = x3 * 10 + wrapped  # x * 10은 기록된다
y_wide.backward()
print("식 전체를 감싼 no_grad에 x * 10을 더한 쪽 값:", y_wide.item(), "| x.grad:", x3.grad)

x4 = torch.tensor(2.0, requires_grad=True)
z4 = x4 * 3
y_cut = x4 * 10 + z4**2 + z4.detach() * 5  # 5배 길만 끊는다
y_cut.backward()
print("5배 길만 detach한 쪽 값:", y_cut.item(), "| x.grad:", x4.grad)
assert y_wide.item() == y_cut.item() == 86.0  # markdown-exec: hide
assert x3.grad.item() == 10.0 and x4.grad.item() == 46.0  # markdown-exec: hide
