loss, x = graphs[-2.0]
print_mermaid(loss, {"x": x}, "loss")
