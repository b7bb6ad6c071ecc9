from bookkit.graph import print_mermaid

loss, x = graphs[1.5]
print_mermaid(loss, {"x": x}, "loss")
