x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)  # (3,)
y = (x**2).sum()  # () : 출력이 숫자 하나

y.backward()
print("y:", y)
print("x.grad:", x.grad)
assert y.item() == 14.0  # markdown-exec: hide
assert x.grad.tolist() == [2.0, 4.0, 6.0]  # markdown-exec: hide
assert y.grad_fn.name() == "SumBackward0"  # markdown-exec: hide
