import torch

scalar = torch.tensor(3.0)  # 숫자 하나: ()
vector = torch.tensor([1.0, 2.0, 3.0])  # (3,)
matrix = torch.tensor([
    [1.0, 2.0],
    [3.0, 4.0],
])  # (2, 2)

print("스칼라:", scalar, "형태:", scalar.shape)
print("벡터:", vector, "형태:", vector.shape)
print("행렬:", matrix, sep="\n")
print("행렬의 형태:", matrix.shape)
print("자료형:", matrix.dtype)
print("차원 수:", scalar.ndim, vector.ndim, matrix.ndim)
assert scalar.shape == () and vector.shape == (3,) and matrix.shape == (2, 2)  # markdown-exec: hide
assert matrix.dtype == torch.float32  # markdown-exec: hide
assert (scalar.ndim, vector.ndim, matrix.ndim) == (0, 1, 2)  # markdown-exec: hide
