import torch

x = torch.tensor(2.0, requires_grad=True)
(x**2 + 3 * x + 1).backward()
print(x.grad)
assert x.grad.item() == 7.0  # markdown-exec: hide
