x = torch.tensor(2.0, requires_grad=True)
z = x * 3
y = z**2 + z * 5  # z에서 y로 가는 길이 두 개: z**2 와 z*5

y.backward()
print("y:", y.item())
print("x.grad:", x.grad)
assert y.item() == 66.0  # markdown-exec: hide
assert x.grad.item() == 51.0  # markdown-exec: hide
