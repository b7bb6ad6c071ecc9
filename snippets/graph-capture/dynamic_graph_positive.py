from bookkit.graph import show_graph

loss, x = graphs[1.5]
show_graph(loss, {"x": x}, "loss")
