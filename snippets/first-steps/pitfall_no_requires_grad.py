from bookkit.show import expect_error

# requires_grad=True를 빠뜨리면 기록된 계산이 없다.
plain = torch.tensor(2.0)
with expect_error(RuntimeError, match="does not require grad"):
    (plain**2).backward()
print("plain.grad:", plain.grad)

# backward()를 부르기 전에는 .grad가 비어 있다.
x = torch.tensor(2.0, requires_grad=True)
y = x**2
print("backward 전 x.grad:", x.grad)
y.backward()
print("backward 후 x.grad:", x.grad)
assert plain.grad is None and x.grad.item() == 4.0  # markdown-exec: hide
