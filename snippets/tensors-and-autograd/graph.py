from bookkit.graph import print_mermaid

print_mermaid(loss, {"w": w, "b": b}, "loss")
