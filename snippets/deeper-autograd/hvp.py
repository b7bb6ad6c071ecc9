def g(x):  # (3,) -> 스칼라
    return (x**3).sum() + x[0] * x[1] * x[2]


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(grad_g,) = torch.autograd.grad(g(x), x)
print("기울기:", grad_g, "| grad_fn:", grad_g.grad_fn)
with expect_error(RuntimeError, match="does not require grad"):
    torch.autograd.grad(grad_g.sum(), x)
assert torch.equal(grad_g, torch.tensor([9.0, 15.0, 29.0]))  # markdown-exec: hide
assert grad_g.grad_fn is None  # markdown-exec: hide
