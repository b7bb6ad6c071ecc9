cube = torch.arange(6).reshape(1, 2, 3)
turned = cube.permute(2, 0, 1)
print("형태:", tuple(turned.shape))
print("turned[2, 0, 1] =", turned[2, 0, 1].item(), " cube[0, 1, 2] =", cube[0, 1, 2].item())
print("연속 메모리인가:", turned.is_contiguous())
assert turned.shape == (3, 1, 2) and turned[2, 0, 1].item() == cube[0, 1, 2].item() == 5  # markdown-exec: hide
assert not turned.is_contiguous()  # markdown-exec: hide
