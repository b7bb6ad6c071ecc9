import torch

from labs.deep_learning_pytorch.tensors_and_autograd.solutions.strides_and_views import (
    contiguous_strides,
    is_contiguous,
    view_strides,
)

x = torch.arange(6.0).reshape(2, 3)  # (2, 3)
xt = x.t()  # (3, 2): 같은 메모리, 보폭만 바뀜
x_strides = contiguous_strides((2, 3))  # 행 우선 (2, 3)의 보폭을 형태만으로 계산
xt_strides = x_strides[::-1]  # 전치는 두 축의 보폭을 맞바꾼다: torch에 묻지 않고 계산
print(
    f"torch의 답: 보폭 {x.stride()} {xt.stride()}, 연속적 {x.is_contiguous()} {xt.is_contiguous()}"
)
print(
    f"직접 계산: 보폭 {x_strides} {xt_strides}, "
    f"연속적 {is_contiguous((2, 3), x_strides)} {is_contiguous((3, 2), xt_strides)}"
)
print(
    "x.view(3, 2)의 보폭:", x.view(3, 2).stride(), "직접:", view_strides((2, 3), x_strides, (3, 2))
)
print("xt.view(6)의 보폭: 직접 계산 =", view_strides((3, 2), xt_strides, (6,)))
assert x.stride() == (3, 1) and xt.stride() == (1, 3)  # markdown-exec: hide
assert not xt.is_contiguous() and not is_contiguous((3, 2), (1, 3))  # markdown-exec: hide
assert x_strides == x.stride() and xt_strides == xt.stride()  # markdown-exec: hide
assert view_strides((2, 3), (3, 1), (3, 2)) == (2, 1)  # markdown-exec: hide
assert view_strides((3, 2), (1, 3), (6,)) is None  # markdown-exec: hide
