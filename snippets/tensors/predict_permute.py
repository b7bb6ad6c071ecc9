cube = torch.arange(6).reshape(1, 2, 3)
turned = cube.permute(2, 0, 1)
print("형태:", tuple(turned.shape))
print("turned[2, 0, 1] =", turned[2, 0, 1].item(), " cube[0, 1, 2] =", cube[0, 1, 2].item())
print("연속 메모리인가:", turned.is_contiguous())
print("길이 1인 축만 옮긴 permute(1, 0, 2):", cube.permute(1, 0, 2).is_contiguous())
assert turned.shape == (3, 1, 2)  # markdown-exec: hide
assert turned[2, 0, 1].item() == cube[0, 1, 2].item() == 5  # markdown-exec: hide
assert not turned.is_contiguous()  # markdown-exec: hide
assert cube.permute(1, 0, 2).is_contiguous()  # markdown-exec: hide
