values = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(values**2).mean().backward()  # .sum() 대신 .mean()
print(values.grad)
assert torch.allclose(values.grad, torch.tensor([2.0, 4.0, 6.0]) / 3)  # markdown-exec: hide
