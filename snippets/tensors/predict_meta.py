left = torch.ones(2, 3, device="meta")  # 형태와 자료형만 있고 값은 없는 텐서
right = torch.ones(3, 4, device="meta")
on_meta = left @ right
print("형태:", tuple(on_meta.shape), " 장치:", on_meta.device)
print(on_meta)
assert on_meta.shape == (2, 4) and on_meta.device.type == "meta"  # markdown-exec: hide
assert str(on_meta) == "tensor(..., device='meta', size=(2, 4))"  # markdown-exec: hide
