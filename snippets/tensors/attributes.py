x = torch.randn(4, 5)

print(x.shape)
print(x.dtype)
print(x.device)

# 정수로 만든 텐서는 int64, 소수점이 있으면 float32가 기본입니다
labels = torch.tensor([3, 0, 7])
print("labels:", labels.dtype, "| x:", x.dtype)
assert x.shape == (4, 5) and x.dtype == torch.float32  # markdown-exec: hide
assert str(x.device) == "cpu" and labels.dtype == torch.int64  # markdown-exec: hide
