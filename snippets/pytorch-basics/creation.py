import torch

torch.manual_seed(0)  # randn의 값을 빌드마다 같게

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])  # 파이썬 리스트에서 (값을 복사)
z = torch.zeros(3, 4)  # 0으로 채운 3x4
o = torch.ones(2, 2, dtype=torch.float32)
r = torch.randn(5, 5)  # 표준정규분포 N(0, 1)
a = torch.arange(0, 10, step=2)

print(x.shape)
print(x.dtype)
print(x.device)
print(a)
print(z.shape, o.shape, r.shape)  # 나머지 세 텐서의 형태
assert a.tolist() == [0, 2, 4, 6, 8]  # markdown-exec: hide
assert (z.shape, o.shape, r.shape) == ((3, 4), (2, 2), (5, 5))  # markdown-exec: hide
assert (x.shape, x.dtype, str(x.device)) == ((2, 2), torch.float32, "cpu")  # markdown-exec: hide
