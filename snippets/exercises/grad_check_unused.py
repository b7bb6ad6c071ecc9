from bookkit.show import expect_error

other = torch.tensor(2.0, requires_grad=True)


def constant(t):
    return torch.tensor(3.0, dtype=torch.float64)  # 입력을 쓰지 않는다, requires_grad=False


def through_other(t):
    return other * 3  # 입력 대신 other를 쓴다, requires_grad=True


leaf = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
with expect_error(RuntimeError, match="does not require grad"):
    torch.autograd.grad(constant(leaf), leaf, allow_unused=True)
(unused,) = torch.autograd.grad(through_other(leaf), leaf, allow_unused=True)
print("through_other, allow_unused=True:", unused)
for f in (constant, through_other):
    print(f"grad_matches({f.__name__}):", grad_matches(f, torch.tensor([1.0, 2.0])))
assert unused is None and other.grad is None  # markdown-exec: hide
assert grad_matches(constant, torch.tensor([1.0, 2.0])) is True  # markdown-exec: hide
assert grad_matches(through_other, torch.tensor([1.0, 2.0])) is True  # markdown-exec: hide
