"""연습문제 grad-check: 중심 차분으로 자동 미분의 기울기를 검산한다.

``f``는 텐서 하나를 받아 스칼라 텐서를 돌려주는 함수다. 입력의 원소 하나를 ``h``만큼 올리고
내려 출력의 변화를 재면 그 원소의 기울기를 근사할 수 있다.

    f'(x) ≈ (f(x + h) - f(x - h)) / 2h

``numerical_grad``는 이 근사를 원소마다 하고, ``grad_matches``는 autograd가 구한 기울기와
근사를 ``torch.autograd.gradcheck``와 같은 기준으로 비교한다.
"""

from __future__ import annotations

from collections.abc import Callable

import torch

ScalarFunction = Callable[[torch.Tensor], torch.Tensor]


def numerical_grad(f: ScalarFunction, x: torch.Tensor, h: float = 1e-6) -> torch.Tensor:
    """``f``의 ``x``에서의 기울기를 원소마다 중심 차분으로 근사한다.

    - 결과는 ``x``와 같은 형태의 ``float64`` 텐서다. 계산도 ``float64``로 한다.
    - 원소 하나만 ``+h``, ``-h``만큼 움직이고 나머지는 그대로 둔다.
    - ``x``는 바꾸지 않는다(호출이 끝난 뒤 값, 자료형, ``requires_grad``가 그대로다).
    - ``x``가 전치한 텐서처럼 연속 메모리가 아니어도 된다.

    >>> numerical_grad(lambda t: (t**2).sum(), torch.tensor([1.0, 2.0, 3.0])).round().tolist()
    [2.0, 4.0, 6.0]
    """
    # BEGIN ANSWER
    # 원본 대신 움직일 복사본. contiguous()로 원소를 행 우선 순서로 놓아야 전치한 x에서도
    # view(-1)이 된다(clone()만 하면 x의 보폭을 그대로 물려받는다).
    point = x.detach().to(torch.float64).contiguous().clone()
    grad = torch.zeros_like(point)  # point처럼 연속 메모리
    flat, flat_grad = point.view(-1), grad.view(-1)  # 같은 메모리를 한 줄로 읽는 뷰
    with torch.no_grad():
        for index in range(flat.numel()):
            original = flat[index].item()
            flat[index] = original + h
            upper = float(f(point))
            flat[index] = original - h
            lower = float(f(point))
            flat[index] = original
            flat_grad[index] = (upper - lower) / (2 * h)
    return grad
    # END ANSWER


def grad_matches(
    f: ScalarFunction, x: torch.Tensor, atol: float = 1e-5, rtol: float = 1e-3, h: float = 1e-6
) -> bool:
    """autograd의 기울기가 중심 차분과 맞으면 ``True``.

    - ``x``를 ``float64`` 리프 텐서로 복사해 ``f``의 출력에서 기울기를 구한다. 어떤 텐서의
      ``.grad``도 바꾸지 않으므로(``f``가 쓰는 다른 텐서도) ``backward()``가 아니라
      ``torch.autograd.grad``로 받는다. ``x``의 값, 자료형, ``requires_grad``는 그대로다.
    - 비교할 근사는 ``numerical_grad``로 구한다.
    - 원소마다 ``|autograd - numerical| <= atol + rtol * |numerical|``이면 맞는 것으로 본다
      (``torch.autograd.gradcheck``와 같은 기준).
    - ``f``의 출력이 입력을 쓰지 않으면 autograd의 기울기를 0으로 본다. 그런 출력이 기울기를
      요구하지 않으면(``requires_grad=False``) ``torch.autograd.grad``는 ``RuntimeError``를 내고,
      다른 텐서를 거쳐 기울기를 요구하면 ``allow_unused=True``일 때 ``None``을 돌려준다.

    >>> grad_matches(lambda t: (t**3 + 2 * t).sum(), torch.tensor([2.0]))
    True
    """
    # BEGIN ANSWER
    leaf = x.detach().to(torch.float64).clone().requires_grad_(True)
    out = f(leaf)
    analytical = None
    if out.requires_grad:  # 아니면 torch.autograd.grad가 RuntimeError를 낸다
        (analytical,) = torch.autograd.grad(out, leaf, allow_unused=True)
    if analytical is None:  # 출력이 leaf를 쓰지 않았다
        analytical = torch.zeros_like(leaf)
    numerical = numerical_grad(f, x, h)
    return bool(((analytical - numerical).abs() <= atol + rtol * numerical.abs()).all())
    # END ANSWER
