import torch

torch.manual_seed(0)  # 이 페이지의 무작위 값은 모두 여기서 시작합니다

scalar = torch.tensor(3.0)
vector = torch.tensor([1.0, 2.0, 3.0])
matrix = torch.tensor([
    [1.0, 2.0, 3.0],
    [4.0, 5.0, 6.0],
])

print(scalar)
print(vector)
print(matrix)
print(type(scalar).__name__, type(vector).__name__, type(matrix).__name__)
assert all(isinstance(t, torch.Tensor) for t in (scalar, vector, matrix))  # markdown-exec: hide
