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
    # BEGIN ANSWER
    strides = []
    step = 1
    for size in reversed(tuple(shape)):
        strides.append(step)
        step *= max(size, 1)
    return tuple(reversed(strides))
    # END ANSWER


def is_contiguous(shape: Sequence[int], stride: Sequence[int]) -> bool:
    """형태 ``shape``, 보폭 ``stride``인 텐서가 연속적인가. ``Tensor.is_contiguous()``와 같다.

    원소가 없으면 연속적이다. 크기가 1인 축은 그 축으로 움직일 일이 없으므로 보폭이
    무엇이든 상관없다.

    >>> is_contiguous((2, 3), (3, 1)), is_contiguous((3, 2), (1, 3))
    (True, False)
    """
    # BEGIN ANSWER
    shape, stride = tuple(shape), tuple(stride)
    if any(size == 0 for size in shape):
        return True
    expected = 1
    for size, step in zip(reversed(shape), reversed(stride), strict=True):
        if size == 1:
            continue
        if step != expected:
            return False
        expected *= size
    return True
    # END ANSWER


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
    # BEGIN ANSWER
    shape, stride = tuple(shape), tuple(stride)
    new_shape = _infer_size(shape, new_shape)
    if new_shape is None:
        return None
    if not shape:  # 0차원 텐서: 모든 축의 보폭이 1
        return (1,) * len(new_shape)
    numel = _product(shape)
    if numel == 0:  # 원소가 없으면 보폭은 임의: 같은 형태면 그대로, 아니면 행 우선
        return stride if new_shape == shape else contiguous_strides(new_shape)
    # 메모리에서 빈틈없이 이어지는 축들을 묶음(chunk)으로 묶는다. 새 형태의 축들은 묶음
    # 경계를 넘지 않고 각 묶음을 정확히 나눠야 한다.
    new_stride = [0] * len(new_shape)
    view_axis = len(new_shape) - 1
    chunk_base = stride[-1]
    tensor_numel = view_numel = 1
    for axis in range(len(shape) - 1, -1, -1):
        tensor_numel *= shape[axis]
        chunk_ends = axis == 0 or (
            shape[axis - 1] != 1 and stride[axis - 1] != tensor_numel * chunk_base
        )
        if not chunk_ends:
            continue
        while view_axis >= 0 and (view_numel < tensor_numel or new_shape[view_axis] == 1):
            new_stride[view_axis] = view_numel * chunk_base
            view_numel *= new_shape[view_axis]
            view_axis -= 1
        if view_numel != tensor_numel:
            return None
        if axis > 0:
            chunk_base = stride[axis - 1]
            tensor_numel = view_numel = 1
    if view_axis != -1:
        return None
    return tuple(new_stride)
    # END ANSWER


# BEGIN ANSWER
def _product(sizes: Sequence[int]) -> int:
    result = 1
    for size in sizes:
        result *= size
    return result


def _infer_size(shape: tuple[int, ...], new_shape: Sequence[int]) -> tuple[int, ...] | None:
    """``new_shape``의 ``-1``을 채운 형태. ``view``가 거부할 형태면 ``None``."""
    new_shape = tuple(int(size) for size in new_shape)
    numel = _product(shape)
    unknown = [axis for axis, size in enumerate(new_shape) if size == -1]
    if len(unknown) > 1 or any(size < -1 for size in new_shape):
        return None
    known = _product(size for size in new_shape if size != -1)
    if unknown:
        if known == 0 or numel % known:
            return None
        axis = unknown[0]
        return new_shape[:axis] + (numel // known,) + new_shape[axis + 1 :]
    return new_shape if known == numel else None
# END ANSWER
