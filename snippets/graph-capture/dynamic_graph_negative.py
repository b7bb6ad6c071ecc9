loss, x = graphs[-2.0]
show_graph(loss, {"x": x}, "loss")
