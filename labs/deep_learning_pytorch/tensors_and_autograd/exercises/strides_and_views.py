# 학생용 버전. scripts/make_exercise_stubs.py가 다음 풀이에서 만든 파일입니다.
#   labs/deep_learning_pytorch/tensors_and_autograd/solutions/strides_and_views.py
# 이 파일은 다시 만들어지므로 여기에 답을 쓰지 않습니다. 풀 때는 workspace/에 복사한
# 파일(workspace/strides_and_views.py)에 쓰고 그 파일을 테스트합니다.
#   python3 scripts/dev.py exercise start strides_and_views
#   python3 scripts/dev.py exercise check strides_and_views
# ruff: noqa: F401
"""연습문제 strides-and-views: 보폭만으로 연속 메모리 여부와 ``view``의 결과를 판정한다.

텐서는 1차원 storage 위에 형태와 보폭을 얹은 것이다. 원소 ``x[i0, i1, ...]``의 위치는
``storage_offset + i0 * stride[0] + i1 * stride[1] + ...``이다. 여기서는 torch를 부르지 않고,
형태와 보폭 튜플만으로 PyTorch와 같은 답을 계산한다.
"""

from __future__ import annotations

from collections.abc import Sequence


def contiguous_strides(shape: Sequence[int]) -> tuple[int, ...]:
    """행 우선(row-major)으로 빈틈없이 놓인 텐서의 보폭. ``torch.empty(shape).stride()``와 같다.

    크기가 0인 축은 보폭 계산에서 1로 친다(PyTorch의 규칙).

    >>> contiguous_strides((2, 3))
    (3, 1)
    """
    raise NotImplementedError("contiguous_strides: 아직 구현하지 않았습니다")


def is_contiguous(shape: Sequence[int], stride: Sequence[int]) -> bool:
    """형태 ``shape``, 보폭 ``stride``인 텐서가 연속적인가. ``Tensor.is_contiguous()``와 같다.

    원소가 없으면 연속적이다. 크기가 1인 축은 그 축으로 움직일 일이 없으므로 보폭이
    무엇이든 상관없다.

    >>> is_contiguous((2, 3), (3, 1)), is_contiguous((3, 2), (1, 3))
    (True, False)
    """
    raise NotImplementedError("is_contiguous: 아직 구현하지 않았습니다")


def view_strides(
    shape: Sequence[int], stride: Sequence[int], new_shape: Sequence[int]
) -> tuple[int, ...] | None:
    """``x.view(new_shape)``의 보폭. ``Tensor.view``가 오류를 내는 경우에만 ``None``.

    ``x``는 형태 ``shape``, 보폭 ``stride``인 텐서다. ``new_shape``에는 ``-1``이 하나 있을
    수 있고, 그 크기는 원소 수가 같아지도록 정한다. 원소 수가 맞지 않거나 ``-1``을 정할 수
    없거나, 새 형태를 축마다 보폭 하나로 표현할 수 없으면(메모리를 옮겨야 하면) ``None``.
    크기가 1인 축의 보폭과 원소가 없는 텐서의 보폭은 아무 값이어도 된다(테스트가 보지 않는다).

    >>> view_strides((2, 3), (3, 1), (6,)), view_strides((3, 2), (1, 3), (6,))
    ((1,), None)
    """
    raise NotImplementedError("view_strides: 아직 구현하지 않았습니다")
