import torch

from labs.deep_learning_pytorch.tensors_and_autograd.solutions.strides_and_views import (
    contiguous_strides,
    is_contiguous,
    view_strides,
)

x = torch.arange(6.0).reshape(2, 3)  # (2, 3)
xt = x.t()  # (3, 2): 같은 메모리, 보폭만 바뀜
print("torch  stride:", x.stride(), xt.stride(), " contiguous:", x.is_contiguous(),
      xt.is_contiguous())
print("직접 계산    :", contiguous_strides((2, 3)), xt.stride(), " contiguous:",
      is_contiguous((2, 3), (3, 1)), is_contiguous((3, 2), (1, 3)))
print("x.view(3, 2)의 stride :", x.view(3, 2).stride(), "직접:", view_strides((2, 3), (3, 1), (3, 2)))
print("xt.view(6)의 stride   : 직접 계산 =", view_strides((3, 2), (1, 3), (6,)))
assert x.stride() == (3, 1) and xt.stride() == (1, 3)  # markdown-exec: hide
assert not xt.is_contiguous() and not is_contiguous((3, 2), (1, 3))  # markdown-exec: hide
assert contiguous_strides((2, 3)) == (3, 1) and view_strides((2, 3), (3, 1), (3, 2)) == (2, 1)  # markdown-exec: hide
assert view_strides((3, 2), (1, 3), (6,)) is None  # markdown-exec: hide
