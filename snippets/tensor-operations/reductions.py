import torch

torch.manual_seed(0)  # 뒤의 블록들이 무작위 값을 씁니다

x = torch.arange(24.0).reshape(2, 3, 4)  # (2, 3, 4)
print(f"{'call':32} shape")
shapes = {}
for call in ["x.sum()", "x.sum(dim=0)", "x.sum(dim=1)", "x.sum(dim=-1)",
             "x.sum(dim=(0, 2))", "x.sum(dim=1, keepdim=True)",
             "x.sum(dim=(0, 2), keepdim=True)", "x.mean(dim=-1, keepdim=True)"]:
    shapes[call] = tuple(eval(call).shape)
    print(f"{call:32} {shapes[call]}")
assert shapes["x.sum()"] == () and shapes["x.sum(dim=1)"] == (2, 4)  # markdown-exec: hide
assert shapes["x.sum(dim=1, keepdim=True)"] == (2, 1, 4)  # markdown-exec: hide
assert shapes["x.sum(dim=(0, 2), keepdim=True)"] == (1, 3, 1)  # markdown-exec: hide
