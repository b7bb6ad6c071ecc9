"""unbroadcast(grad, shape) against what autograd itself computes, on many generated cases."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=150, deadline=None)
sizes = st.integers(min_value=0, max_value=4)


@st.composite
def broadcast_cases(draw):
    """(shape, grad_shape) where ``shape`` broadcasts to ``grad_shape``."""
    shape = draw(st.lists(sizes, max_size=4))
    tail = [draw(sizes) if size == 1 else size for size in shape]  # 1 may be stretched
    lead = draw(st.lists(st.integers(min_value=0, max_value=3), max_size=2))  # added axes, 0 too
    return tuple(shape), tuple(lead + tail)


@st.composite
def mismatched_cases(draw):
    """(shape, grad_shape) where ``shape`` does NOT broadcast to ``grad_shape``."""
    grad_shape = draw(st.lists(sizes, max_size=4))
    shape = list(grad_shape[len(grad_shape) - draw(st.integers(0, len(grad_shape))) :])
    if not shape or draw(st.booleans()):
        shape = [draw(st.integers(1, 3))] + list(grad_shape)  # one axis too many
    else:
        axis = draw(st.integers(0, len(shape) - 1))
        # 0 too: a size-0 axis broadcasts to nothing but 0 (grad is 0 wide there or mismatched)
        wrong = st.integers(2, 5) | st.just(0)
        shape[axis] = draw(wrong.filter(lambda s, a=axis: s != shape[a]))
    return tuple(shape), tuple(grad_shape)


def torch_broadcasts(shape, grad_shape) -> bool:
    try:
        return tuple(torch.broadcast_shapes(shape, grad_shape)) == tuple(grad_shape)
    except RuntimeError:
        return False


def autograd_answer(grad: torch.Tensor, shape) -> torch.Tensor:
    """What autograd gives a tensor of ``shape`` that was broadcast to ``grad.shape``."""
    x = torch.zeros(shape, dtype=grad.dtype, requires_grad=True)
    torch.broadcast_to(x, grad.shape).backward(grad)
    return x.grad


def explain(shape, grad_shape) -> str:
    extra = len(grad_shape) - len(shape)
    stretched = [i for i, s in enumerate(shape) if s == 1 and grad_shape[extra + i] != 1]
    return (
        f"shape {shape}이 grad {grad_shape}로 broadcast된 경우: 앞에 덧붙은 축 {extra}개는 "
        f"합해서 없애고, 크기 1에서 grad의 크기로 바뀐 축 {stretched}은 keepdim=True로 합해 "
        "1로 남깁니다"
    )


@SETTINGS
@given(case=broadcast_cases(), seed=st.integers(0, 2**16),
       dtype=st.sampled_from([torch.float32, torch.float64]))
def test_matches_autograd(unbroadcast_module, case, seed, dtype):
    shape, grad_shape = case
    grad = torch.randn(grad_shape, dtype=dtype, generator=torch.Generator().manual_seed(seed))
    original = grad.clone()
    result = unbroadcast_module.unbroadcast(grad, shape)
    expected = autograd_answer(grad, shape)
    assert isinstance(result, torch.Tensor), "unbroadcast는 텐서를 돌려줘야 합니다"
    assert tuple(result.shape) == shape, (
        f"결과 shape이 {tuple(result.shape)}입니다. {explain(shape, grad_shape)}"
    )
    assert result.dtype == grad.dtype, f"dtype이 {result.dtype}로 바뀌었습니다: grad와 같아야 함"
    # float32 sums in another order differ in the last digits (the book's broadcasting page)
    loose = dict(rtol=1e-4, atol=1e-5) if dtype == torch.float32 else {}
    assert torch.allclose(result, expected, **loose), (
        f"값이 autograd와 다릅니다. {explain(shape, grad_shape)}\n"
        f"기대값 {expected.tolist()}\n결과   {result.tolist()}"
    )
    assert torch.equal(grad, original), "grad를 제자리에서 바꾸면 안 됩니다 (sum_ 대신 sum)"


@SETTINGS
@given(case=mismatched_cases())
def test_rejects_shapes_that_do_not_broadcast(unbroadcast_module, case):
    shape, grad_shape = case
    assert not torch_broadcasts(shape, grad_shape)  # the generator's promise
    with pytest.raises(ValueError):
        unbroadcast_module.unbroadcast(torch.zeros(grad_shape), shape)
        pytest.fail(
            f"shape {shape}은 broadcasting으로 {grad_shape}이 될 수 없으므로 ValueError를 "
            "내야 합니다 (축이 더 많거나, 크기가 1도 아니고 grad와도 다른 축이 있음)"
        )


@pytest.mark.parametrize(("shape", "grad_shape"), [((0,), (3,)), ((2, 0), (2, 3)),
                                                  ((0, 3), (1, 3)), ((0,), (1,))])
def test_rejects_a_size_zero_axis(unbroadcast_module, shape, grad_shape):
    """Size 0 is not 1: an axis of size 0 broadcasts only to size 0 (a size-1 axis of the other
    operand gives 0, never more), so (0,) cannot have become (3,) or (1,)."""
    assert not torch_broadcasts(shape, grad_shape)
    with pytest.raises(ValueError):
        unbroadcast_module.unbroadcast(torch.ones(grad_shape), shape)
        pytest.fail(
            f"shape {shape}은 broadcasting으로 {grad_shape}이 될 수 없으므로 ValueError를 내야 "
            "합니다. 크기 0인 축은 0으로만 맞춰집니다(크기가 1도 아니고 grad와도 다른 축)")


def test_bias_example_of_the_chapter(unbroadcast_module):
    """The chapter's NumPy example: b (1, 3) broadcast over X (4, 3), inputs from default_rng(0)."""
    rng = np.random.default_rng(0)
    inputs = torch.from_numpy(rng.normal(size=(4, 3)))  # (B, D)
    bias = torch.from_numpy(rng.normal(size=(1, 3))).requires_grad_()  # (1, D)
    output = torch.tanh(inputs + bias)  # (B, D)
    (output**2).sum().backward()
    upstream = 2 * output.detach() * (1 - output.detach() ** 2)  # dL/dY (B, D)
    result = unbroadcast_module.unbroadcast(upstream, (1, 3))
    assert torch.allclose(result, bias.grad), "편향의 기울기는 배치 축으로 합한 값입니다"
    assert result.numpy().round(6).tolist() == [[-0.816216, -1.317264, -2.125962]]
