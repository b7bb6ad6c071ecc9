loss, x = graphs[-1.0]
print_mermaid(loss, {"x": x}, "loss")
