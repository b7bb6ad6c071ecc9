from bookkit.graph import print_mermaid

print_mermaid(y, {"x": x}, "y")
