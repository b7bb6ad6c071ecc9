x = torch.tensor(2.0, requires_grad=True)
y = x**2 + 3 * x + 1  # y = x² + 3x + 1

print("y =", y)
y.backward()  # dy/dx 를 계산해 x.grad 에 넣는다
print("x.grad =", x.grad, "  (2x + 3 에 x = 2 를 넣은 값)")
assert y.item() == 11.0 and x.grad.item() == 7.0  # markdown-exec: hide
