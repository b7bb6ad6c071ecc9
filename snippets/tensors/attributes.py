x = torch.randn(4, 5)

print(x.shape)
print(x.dtype)
print(x.device)

# 자료형을 적지 않았을 때: 정수만 있으면 int64, 실수가 섞이면 float32
labels = torch.tensor([3, 0, 7])
mixed = torch.tensor([1, 2.5])
print("labels:", labels.dtype, "| mixed:", mixed.dtype, "| zeros(2, 3):", torch.zeros(2, 3).dtype)
print("실수의 기본 자료형:", torch.get_default_dtype())
assert x.shape == (4, 5) and x.dtype == torch.float32  # markdown-exec: hide
assert str(x.device) == "cpu" and labels.dtype == torch.int64  # markdown-exec: hide
assert mixed.dtype == torch.zeros(2, 3).dtype == torch.float32  # markdown-exec: hide
assert torch.get_default_dtype() == torch.float32  # markdown-exec: hide
assert torch.ones(2, 3).dtype == torch.randn(2, 3).dtype == torch.float32  # markdown-exec: hide
