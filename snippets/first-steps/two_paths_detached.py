x = torch.tensor(2.0, requires_grad=True)
z = x * 3
y = z**2 + z.detach() * 5  # 두 번째 길만 끊는다

y.backward()
print("y:", y.item())
print("x.grad:", x.grad)
assert y.item() == 66.0  # markdown-exec: hide
assert x.grad.item() == 36.0  # markdown-exec: hide
