from bookkit.graph import print_mermaid

x = torch.tensor(2.0, requires_grad=True)
y = x**2 + 3 * x + 1
print_mermaid(y, {"x": x}, "y")
