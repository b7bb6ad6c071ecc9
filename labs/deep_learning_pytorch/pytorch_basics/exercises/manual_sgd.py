# 학생용 버전. scripts/make_exercise_stubs.py가 다음 풀이에서 만든 파일입니다.
#   labs/deep_learning_pytorch/pytorch_basics/solutions/manual_sgd.py
# 이 파일은 다시 만들어지므로 여기에 답을 쓰지 않습니다. 풀 때는 workspace/에 복사한
# 파일(workspace/manual_sgd.py)에 쓰고 그 파일을 테스트합니다.
#   python3 scripts/dev.py exercise start manual_sgd
#   python3 scripts/dev.py exercise check manual_sgd
# ruff: noqa: F401
"""연습문제 manual-sgd: 옵티마이저 없이 SGD 한 걸음을 쓴다.

``torch.optim.SGD``의 ``step()``과 ``zero_grad()``가 하는 일을 함수 하나로 옮긴다. 갱신은
그래프에 기록하지 않아야 하고(``torch.no_grad()``), 매개변수 텐서는 제자리에서 고쳐야 하며
(모델과 옵티마이저가 같은 텐서 객체를 들고 있다), 다음 역전파 전에 기울기를 비워야 한다.
"""

from __future__ import annotations

from collections.abc import Iterable

import torch


def sgd_step(params: Iterable[torch.Tensor], lr: float) -> None:
    """매개변수마다 ``p <- p - lr * p.grad``를 제자리에서 하고 ``p.grad``를 ``None``으로 비운다.

    - ``.grad``가 ``None``인 매개변수는 건너뛴다.
    - 갱신은 그래프에 기록되지 않는다. 끝난 뒤에도 매개변수는 ``requires_grad=True``인
      리프 텐서이고 ``grad_fn``이 없다.
    - 텐서 객체를 바꿔 끼우지 않는다(같은 객체의 값이 바뀐다).

    >>> w = torch.tensor([1.0], requires_grad=True)
    >>> (3 * w).sum().backward()
    >>> sgd_step([w], lr=0.1)
    >>> round(w.item(), 4), w.grad
    (0.7, None)
    """
    raise NotImplementedError("sgd_step: 아직 구현하지 않았습니다")


def fit_line(x: torch.Tensor, y: torch.Tensor, lr: float = 0.1, steps: int = 50) -> list[float]:
    """``y ≈ w * x + b``를 평균 제곱 오차와 ``sgd_step``으로 학습하고 손실을 돌려준다.

    - ``x``와 ``y``는 ``[N]``이다. ``w``와 ``b``는 ``torch.zeros(1, requires_grad=True)``에서
      시작한다.
    - 매 step: 손실 ``((w * x + b - y) ** 2).mean()``을 계산해 그 값(``.item()``)을 기록하고,
      역전파한 뒤 ``sgd_step([w, b], lr)``로 갱신한다.
    - 돌려주는 것은 길이 ``steps``인 리스트, step마다 갱신하기 전의 손실이다.

    >>> losses = fit_line(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 3.0]), steps=3)
    >>> [round(v, 3) for v in losses]
    [5.0, 2.825, 1.632]
    """
    raise NotImplementedError("fit_line: 아직 구현하지 않았습니다")
