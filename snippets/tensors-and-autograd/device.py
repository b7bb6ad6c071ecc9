device = "cuda" if torch.cuda.is_available() else "cpu"   # 한 곳에서 정한다
x = torch.ones(2, 3, device=device)                       # (2, 3)
print(x.dtype, x.device.type, x.shape, x.to(torch.float16).dtype)
print("바꿀 것이 없을 때 .to()가 자기 자신을 돌려주는가:", x.to(torch.float32) is x)
print("자료형을 바꿀 때 .to()가 자기 자신을 돌려주는가 :", x.to(torch.float16) is x)
assert x.to(torch.float32) is x and x.to(torch.float16) is not x  # markdown-exec: hide
assert x.dtype == torch.float32 and tuple(x.shape) == (2, 3)  # markdown-exec: hide
