import numpy as np
import torch

torch.manual_seed(0)  # 이 페이지 세션의 무작위 값을 고정한다

from_int = torch.tensor([1, 2])                 # Python 정수
from_float = torch.tensor([1.0, 2.0])           # Python 실수
from_numpy = torch.from_numpy(np.zeros(2))      # NumPy 기본 실수 배열
print(from_int.dtype, from_float.dtype, from_numpy.dtype)
print("기본 실수 dtype:", torch.get_default_dtype())
assert from_int.dtype == torch.int64  # markdown-exec: hide
assert from_float.dtype == torch.float32  # markdown-exec: hide
assert from_numpy.dtype == torch.float64  # markdown-exec: hide
