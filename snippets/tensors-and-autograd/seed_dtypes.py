# 정수 리스트, 파이썬 실수 리스트, NumPy float64 배열에서 만든 텐서의 자료형
print(torch.tensor([1, 2]).dtype, torch.tensor([1.0, 2.0]).dtype,
      torch.from_numpy(np.zeros(2)).dtype)
device = "cuda" if torch.cuda.is_available() else "cpu"
x = torch.ones(2, 3, device=device)  # (2, 3)
print(x.dtype, x.device.type, x.shape, x.to(torch.float16).dtype)
assert (torch.tensor([1, 2]).dtype, torch.tensor([1.0, 2.0]).dtype) == (torch.int64, torch.float32)  # markdown-exec: hide
assert torch.from_numpy(np.zeros(2)).dtype == torch.float64  # markdown-exec: hide
assert x.to(torch.float16).dtype == torch.float16 and x.dtype == torch.float32  # markdown-exec: hide
half = x.to(torch.float16)  # markdown-exec: hide
assert half is not x and half.to(torch.float16) is half  # markdown-exec: hide
