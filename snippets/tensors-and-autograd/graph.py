from bookkit.graph import show_graph

show_graph(loss, {"w": w, "b": b}, "loss")
