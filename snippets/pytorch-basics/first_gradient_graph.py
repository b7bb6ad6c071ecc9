from bookkit.graph import show_graph

x = torch.tensor(2.0, requires_grad=True)
y = x**2 + 3 * x + 1
show_graph(y, {"x": x}, "y")
