shapes = {"x": (4, 3), "y": (4,)}
with expect_error(RuntimeError, match="must match the size"):
    torch.ones(shapes["x"]) + torch.ones(shapes["y"])
last = [shape[-1] for shape in shapes.values()]
show(broadcast_figure(shapes), f"끝 축이 {last[0]} 대 {last[1]}로 다르고 어느 쪽도 1이 아니라서 맞출 수 "
     "없습니다")
