"""numerical_grad and grad_matches against autograd and torch.autograd.gradcheck."""

from __future__ import annotations

import pytest
import torch
from hypothesis import example, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=60, deadline=None)

#: smooth scalar functions of one tensor, with a name for the failure message
FUNCTIONS = {
    "sum(x**2)": lambda t: (t**2).sum(),
    "sum(x**3 + 2x)": lambda t: (t**3 + 2 * t).sum(),
    "sum(sin(x) * x)": lambda t: (t.sin() * t).sum(),
    "mean(exp(x / 2))": lambda t: (t / 2).exp().mean(),
    "logsumexp(x)": lambda t: torch.logsumexp(t.reshape(-1), dim=0),
    "sum(tanh(x))**2": lambda t: t.tanh().sum() ** 2,
}


@st.composite
def points(draw, away_from_zero: bool = False):
    shape = tuple(draw(st.lists(st.integers(1, 3), max_size=3)))
    numel = 1
    for size in shape:
        numel *= size
    values = st.floats(-2, 2, allow_nan=False)
    if away_from_zero:
        values = values.filter(lambda v: abs(v) > 0.25)
    data = draw(st.lists(values, min_size=numel, max_size=numel))
    dtype = draw(st.sampled_from([torch.float32, torch.float64]))
    return torch.tensor(data, dtype=dtype).reshape(shape)


def autograd_grad(f, x: torch.Tensor) -> torch.Tensor:
    leaf = x.detach().to(torch.float64).requires_grad_(True)
    f(leaf).backward()
    return leaf.grad


def gradcheck_says(f, x: torch.Tensor, atol: float = 1e-5, rtol: float = 1e-3) -> bool:
    """torch.autograd.gradcheck's verdict on ``f`` at a float64 leaf copy of ``x`` (eps 1e-6)."""
    leaf = x.detach().to(torch.float64).requires_grad_(True)
    return torch.autograd.gradcheck(f, (leaf,), eps=1e-6, atol=atol, rtol=rtol,
                                    raise_exception=False)


class Square(torch.autograd.Function):
    """x**2 with a backward that may be wrong by a factor (to test the checker)."""

    scale = 1.0

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**2

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * 2 * x * Square.scale


@SETTINGS
@given(x=points(), name=st.sampled_from(sorted(FUNCTIONS)))
def test_numerical_grad_matches_autograd(grad_check_module, x, name):
    f = FUNCTIONS[name]
    before = x.clone()
    result = grad_check_module.numerical_grad(f, x)
    assert isinstance(result, torch.Tensor), "numerical_grad는 텐서를 돌려줘야 합니다"
    assert result.shape == x.shape, f"결과의 형태 {tuple(result.shape)}이 x와 같아야 합니다"
    assert result.dtype == torch.float64, "결과는 float64여야 합니다 (계산도 float64로)"
    expected = autograd_grad(f, x)
    assert torch.allclose(result, expected, atol=1e-5, rtol=1e-4), (
        f"{name}, x={x.tolist()}: 중심 차분 {result.tolist()}이 autograd {expected.tolist()}와 "
        "다릅니다. 원소 하나만 +h, -h로 움직이고 (f(x+h) - f(x-h)) / 2h를 계산하세요"
    )
    assert torch.equal(x, before) and x.dtype == before.dtype, "x를 바꾸면 안 됩니다"
    assert not x.requires_grad, "numerical_grad는 x의 requires_grad를 바꾸면 안 됩니다"


@SETTINGS
@given(
    x=points(away_from_zero=True),
    # near the tolerance too: off by 1 %, 0.2 % and 0.01 % (rtol 1e-3 takes only the last)
    scale=st.sampled_from([1.0, 1.0, 0.5, 1.5, -1.0, 1.01, 1.002, 1.0001]),
    atol=st.sampled_from([1e-5, 1e-3]),
    rtol=st.sampled_from([1e-3, 1e-3, 0.05]),
)
# Always tried, whatever hypothesis draws: 1 % off passes rtol 0.05 and fails rtol 1e-3, at a
# gradient of 2 and of 6, so a tolerance of the answer's own (not atol + rtol * |numerical|)
# disagrees with gradcheck on one of them.
@example(x=torch.tensor([1.0], dtype=torch.float64), scale=1.01, atol=1e-5, rtol=0.05)
@example(x=torch.tensor([1.0], dtype=torch.float64), scale=1.01, atol=1e-5, rtol=1e-3)
@example(x=torch.tensor([3.0], dtype=torch.float64), scale=1.01, atol=1e-5, rtol=0.05)
@example(x=torch.tensor([3.0], dtype=torch.float64), scale=1.002, atol=1e-3, rtol=1e-3)
def test_grad_matches_agrees_with_gradcheck(grad_check_module, x, scale, atol, rtol):
    Square.scale = scale
    try:

        def f(t):
            return Square.apply(t).sum()

        mine = grad_check_module.grad_matches(f, x, atol=atol, rtol=rtol)
        theirs = gradcheck_says(f, x, atol=atol, rtol=rtol)
    finally:
        Square.scale = 1.0
    assert mine is theirs, (
        f"backward가 정답의 {scale}배인 함수, x={x.tolist()}, atol={atol}, rtol={rtol}: "
        f"gradcheck는 {theirs}인데 "
        f"grad_matches는 {mine}입니다. 원소마다 |autograd - 중심 차분| <= atol + rtol*|중심 차분|"
    )
    assert x.grad is None, "grad_matches는 x 자신의 .grad를 건드리면 안 됩니다"
    assert not x.requires_grad, "grad_matches는 x의 requires_grad를 바꾸면 안 됩니다 (복사본에서)"


def test_chapter_examples(grad_check_module):
    """첫걸음 장의 두 예: x**3 + 2x의 x = 2에서 14, 제곱합의 [1, 2, 3]에서 [2, 4, 6]."""

    def cubic(t):
        return (t**3 + 2 * t).sum()

    def squares(t):
        return (t**2).sum()

    scalar = grad_check_module.numerical_grad(cubic, torch.tensor(2.0))
    assert scalar.shape == () and abs(scalar.item() - 14) < 1e-5
    vector = grad_check_module.numerical_grad(squares, torch.tensor([1.0, 2.0, 3.0]))
    assert torch.allclose(vector, torch.tensor([2.0, 4.0, 6.0], dtype=torch.float64), atol=1e-6)
    assert grad_check_module.grad_matches(cubic, torch.tensor([2.0])) is True


def test_input_not_used(grad_check_module):
    """f가 입력을 쓰지 않으면 기울기는 0: 상수 출력도, 다른 텐서만 거친 출력도 True."""
    other = torch.tensor(2.0, requires_grad=True)
    x = torch.tensor([1.0, 2.0])

    def constant(t):
        return torch.tensor(3.0, dtype=torch.float64)  # requires_grad=False

    def through_other(t):
        return other * 3  # requires_grad=True, 하지만 t와 상관없다

    assert grad_check_module.grad_matches(constant, x) is True, (
        "출력이 기울기를 요구하지 않으면 torch.autograd.grad는 RuntimeError를 냅니다. "
        "부르기 전에 requires_grad를 확인하고 기울기를 0으로 보세요"
    )
    assert grad_check_module.grad_matches(through_other, x) is True, (
        "allow_unused=True일 때 쓰이지 않은 입력의 기울기는 None입니다. 0으로 보세요"
    )
    assert other.grad is None


def test_non_contiguous_input(grad_check_module):
    """전치한 입력: clone()은 보폭을 물려받으므로 view(-1) 전에 연속 메모리로 놓아야 한다."""

    def squares(t):
        return (t**2).sum()

    for dtype in (torch.float32, torch.float64):
        x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], dtype=dtype).t()
        assert not x.is_contiguous()
        before = x.clone()
        result = grad_check_module.numerical_grad(squares, x)
        assert result.shape == x.shape and result.dtype == torch.float64
        expected = 2 * x.to(torch.float64)
        assert torch.allclose(result, expected, atol=1e-6), (
            f"{dtype} 전치 입력: 중심 차분 {result.tolist()}이 {expected.tolist()}와 다릅니다. "
            "연속 메모리가 아닌 x의 복사본에서 view(-1)을 쓰려면 contiguous()로 놓으세요"
        )
        assert torch.equal(x, before) and x.dtype == dtype, "x를 바꾸면 안 됩니다"
        assert grad_check_module.grad_matches(squares, x) is True


def test_the_difference_is_central_and_uses_the_given_step(grad_check_module):
    """With a large step the one-sided differences are far off: (f(x+h) - f(x)) / h gives 3.31
    and (f(x) - f(x-h)) / h gives 2.71 for x**3 at 1 with h = 0.1; the central one gives 3.01."""
    result = grad_check_module.numerical_grad(lambda t: (t**3).sum(), torch.tensor([1.0]), h=0.1)
    assert abs(result.item() - 3.01) < 1e-9, (
        f"x**3, x=1, h=0.1: {result.item()}. 중심 차분 (f(x+h) - f(x-h)) / 2h는 3.01입니다 "
        "(앞쪽 차분은 3.31, 뒤쪽 차분은 2.71)"
    )


def test_grad_matches_compares_with_numerical_grad(grad_check_module, monkeypatch):
    """grad_matches uses the module's own numerical_grad: a wrong one makes it say False."""
    monkeypatch.setattr(grad_check_module, "numerical_grad",
                        lambda f, x, h=1e-6: torch.full(x.shape, 100.0, dtype=torch.float64))
    assert grad_check_module.grad_matches(lambda t: (t**2).sum(), torch.tensor([1.0, 2.0])) \
        is False, "grad_matches는 numerical_grad로 구한 근사와 비교해야 합니다"


def test_grad_matches_passes_its_step_to_numerical_grad(grad_check_module, monkeypatch):
    """grad_matches(f, x, h=...) differences with that step, not numerical_grad's default."""
    steps = []
    own = grad_check_module.numerical_grad

    def recording(f, x, h=1e-6):
        steps.append(h)
        return own(f, x, h)

    monkeypatch.setattr(grad_check_module, "numerical_grad", recording)
    assert grad_check_module.grad_matches(lambda t: (t**2).sum(), torch.tensor([1.0]), h=1e-4)
    assert steps == [1e-4], f"grad_matches(..., h=1e-4)가 numerical_grad에 h={steps}를 넘겼습니다"


def test_numerical_grad_puts_each_element_back(grad_check_module):
    """Each element is moved, measured and put back before the next: f = (x.sum())**2 at
    [1, 2, 3] has the gradient 2 * 6 = 12 everywhere, and the central difference of a quadratic is
    exact even with h = 0.1. Leaving an element at x - h moves every later measurement."""
    result = grad_check_module.numerical_grad(lambda t: t.sum() ** 2,
                                              torch.tensor([1.0, 2.0, 3.0]), h=0.1)
    assert torch.allclose(result, torch.full((3,), 12.0, dtype=torch.float64), atol=1e-9), (
        f"(x.sum())**2, x=[1, 2, 3], h=0.1: {result.tolist()}, 정답은 [12, 12, 12]입니다. "
        "원소 하나를 재고 나면 다음 원소로 가기 전에 원래 값으로 되돌려 놓으세요"
    )


def test_atol_decides_where_the_gradient_is_small(grad_check_module):
    """atol + rtol * |numerical|, not rtol alone: near zero only atol lets a right gradient pass.

    - x**3 at 0: autograd says 0, the central difference h**2 = 1e-12 (not 0); within atol.
    - x**2 at 0.3 with a backward 1.002 times too large: off by 0.0012, beyond rtol * 0.6 =
      0.0006 but within atol + rtol * 0.6 = 0.0016 (atol = rtol = 1e-3); gradcheck says True.
    """
    cube_at_zero = grad_check_module.grad_matches(lambda t: (t**3).sum(), torch.tensor([0.0]))
    assert cube_at_zero is True, (
        "x**3, x=0: autograd는 0, 중심 차분은 h**2 = 1e-12입니다. 이 차이는 atol 안이므로 "
        "True여야 합니다. 기준은 |autograd - 중심 차분| <= atol + rtol*|중심 차분|입니다"
    )
    Square.scale = 1.002
    try:
        mine = grad_check_module.grad_matches(lambda t: Square.apply(t).sum(),
                                              torch.tensor([0.3]), atol=1e-3, rtol=1e-3)
    finally:
        Square.scale = 1.0
    assert mine is True, (
        "backward가 정답의 1.002배인 x**2, x=0.3, atol=rtol=1e-3: 차이 0.0012는 "
        "atol + rtol*0.6 = 0.0016 안이므로 gradcheck처럼 True여야 합니다"
    )


def test_rtol_scales_the_numerical_gradient(grad_check_module):
    """rtol multiplies |numerical| (as in gradcheck), not |autograd|: x**2 at 1 with a backward
    1.0010005 times too large is off by 0.002001, more than rtol * 2 = 0.002 (atol = 0), though
    less than rtol * |autograd| = 0.002002. gradcheck says False."""
    Square.scale = 1.0010005
    try:
        mine = grad_check_module.grad_matches(lambda t: Square.apply(t).sum(),
                                              torch.tensor([1.0]), atol=0.0, rtol=1e-3)
    finally:
        Square.scale = 1.0
    assert mine is False, (
        "backward가 정답의 1.0010005배인 x**2, x=1, atol=0, rtol=1e-3: 차이 0.002001은 "
        "rtol*|중심 차분| = 0.002보다 크므로 gradcheck처럼 False여야 합니다 "
        "(rtol에 곱하는 것은 autograd가 아니라 중심 차분의 크기입니다)"
    )


class Scaled(torch.autograd.Function):
    """t * [1000, 0.5] with a backward of [1000, 0.6]: right on the large element only."""

    @staticmethod
    def forward(ctx, t):
        return t * torch.tensor([1000.0, 0.5], dtype=t.dtype)

    @staticmethod
    def backward(ctx, grad):
        return grad * torch.tensor([1000.0, 0.6], dtype=grad.dtype)


def test_every_element_is_held_to_its_own_tolerance(grad_check_module):
    """The gradient [1000, 0.5] with a backward that says [1000, 0.6]: the small element is off
    by 0.1, beyond atol + rtol * 0.5, though within atol + rtol * 1000 (the largest element's
    tolerance). gradcheck says False."""

    def f(t):
        return Scaled.apply(t).sum()

    x = torch.tensor([0.2, -0.7])
    theirs = gradcheck_says(f, x)
    assert theirs is False
    mine = grad_check_module.grad_matches(f, x)
    assert mine is False, (
        "참 기울기 [1000, 0.5], 역전파는 [1000, 0.6]: 둘째 원소의 차이 0.1은 그 원소의 허용 오차 "
        "atol + rtol*0.5보다 크므로 False여야 합니다. 최댓값끼리 비교하지 말고 원소마다 "
        "|autograd - 중심 차분| <= atol + rtol*|중심 차분|를 보세요"
    )
    assert not x.requires_grad, "grad_matches는 x의 requires_grad를 바꾸면 안 됩니다"


def test_autograd_runs_in_float64(grad_check_module):
    """f = ((x + 1e6) - 1e6)**2 at a float32 x = 0.3: in float32, x + 1e6 rounds to a multiple
    of 0.0625, so autograd on a float32 leaf says 2 * 0.3125 = 0.625; on a float64 leaf 0.6, as
    the central difference. gradcheck (float64) says True."""

    def f(t):
        return (((t + 1e6) - 1e6) ** 2).sum()

    x = torch.tensor([0.3])  # float32
    theirs = gradcheck_says(f, x)
    assert theirs is True
    mine = grad_check_module.grad_matches(f, x)
    assert mine is True, (
        "((x + 1e6) - 1e6)**2, float32 x = 0.3: float64로 구한 기울기는 0.6이고 gradcheck는 "
        "True입니다. float32 리프에서 구하면 x + 1e6이 반올림되어 0.625가 됩니다. x를 float64 "
        "리프로 복사해(x.detach().to(torch.float64)) 자동 미분하세요"
    )
    assert x.dtype == torch.float32 and not x.requires_grad, "x를 바꾸면 안 됩니다"


@pytest.mark.parametrize("dtype", [torch.float64, torch.float32])
def test_a_leaf_that_requires_grad_stays_one(grad_check_module, dtype):
    """x with requires_grad=True: after numerical_grad and grad_matches it still requires a
    gradient, and its .grad is still None (the gradient comes back, it is not stored)."""
    x = torch.tensor([0.5, -1.5, 2.0], dtype=dtype, requires_grad=True)

    def f(t):
        return (t**3).sum()

    grad_check_module.numerical_grad(f, x)
    assert x.requires_grad, "numerical_grad 뒤에도 x.requires_grad는 True여야 합니다"
    assert x.grad is None, "numerical_grad가 x.grad를 바꾸면 안 됩니다"
    assert grad_check_module.grad_matches(f, x) is True
    assert x.requires_grad, "grad_matches 뒤에도 x.requires_grad는 True여야 합니다"
    assert x.grad is None, "grad_matches가 x.grad를 바꾸면 안 됩니다"
    assert x.dtype == dtype
