from bookkit.pictures import broadcast_figure
from bookkit.plots import show

shapes = {"images": (8, 1, 6, 1), "other": (7, 1, 5)}
print("torch.broadcast_shapes:", torch.broadcast_shapes(*shapes.values()))
result = tuple(torch.broadcast_shapes(*shapes.values()))
named = ", ".join(f"{name} {shape}" for name, shape in shapes.items())
show(broadcast_figure(shapes), f"{named}: 오른쪽 끝 축부터 맞추고, 크기 1인 축(주황)과 없는 축(점선)을 "
     f"늘려 {result}가 됩니다")
assert torch.broadcast_shapes(*shapes.values()) == (8, 7, 6, 5)  # markdown-exec: hide
