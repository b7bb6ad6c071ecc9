import numpy as np
import torch

torch.manual_seed(0)  # 이 페이지 세션의 무작위 값을 고정한다

readings = np.array([20.0, 21.5, 19.0])         # NumPy 기본 실수 배열
print("NumPy 배열:", readings.dtype)
print("torch.from_numpy:", torch.from_numpy(readings).dtype)
print("torch.tensor(배열):", torch.tensor(readings).dtype)
print("torch.tensor(리스트):", torch.tensor([20.0, 21.5, 19.0]).dtype)
assert readings.dtype == np.float64  # markdown-exec: hide
assert torch.from_numpy(readings).dtype == torch.float64  # markdown-exec: hide
assert torch.tensor(readings).dtype == torch.float64  # markdown-exec: hide
assert torch.tensor([20.0, 21.5, 19.0]).dtype == torch.float32  # markdown-exec: hide
