import torch

from bookkit.graph import print_mermaid

a = torch.tensor(2.0, requires_grad=True)
y = a * a + 1
print_mermaid(y, {"a": a}, "y")
