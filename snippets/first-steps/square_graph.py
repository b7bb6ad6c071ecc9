from bookkit.graph import show_graph

show_graph(y, {"x": x}, "y")
