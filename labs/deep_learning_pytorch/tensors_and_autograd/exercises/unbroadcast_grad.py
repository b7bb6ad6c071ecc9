# 학생용 버전. scripts/make_exercise_stubs.py가 다음 풀이에서 만든 파일입니다.
#   labs/deep_learning_pytorch/tensors_and_autograd/solutions/unbroadcast_grad.py
# 이 파일은 다시 만들어지므로 여기에 답을 쓰지 않습니다. 풀 때는 workspace/에 복사한
# 파일(workspace/unbroadcast_grad.py)에 쓰고 그 파일을 테스트합니다.
#   python3 scripts/dev.py exercise start unbroadcast_grad
#   python3 scripts/dev.py exercise check unbroadcast_grad
# ruff: noqa: F401
"""연습문제 unbroadcast-grad: 브로드캐스팅된 텐서의 기울기를 원래 형태로 되돌린다.

순전파에서 형태 ``shape``인 텐서가 브로드캐스팅으로 ``grad.shape``까지 늘어나 쓰였다면,
그 텐서의 기울기는 출력 쪽 기울기 ``grad``를 브로드캐스팅이 만든 축으로 합한 값이다.
autograd가 ``x + y``의 역전파에서 하는 일을 직접 구현한다.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch


def unbroadcast(grad: torch.Tensor, shape: Sequence[int]) -> torch.Tensor:
    """``grad``를 브로드캐스팅이 덧붙이거나 늘린 축으로 합해 형태 ``shape``으로 줄인다.

    - 앞에 덧붙은 축(``grad.dim() - len(shape)``개)은 합해서 없앤다.
    - ``shape``에서 크기가 1인데 ``grad``에서 크기가 1이 아닌 축은 합하되 크기 1로 남긴다. 늘어난
      축만이 아니다: 크기 1은 크기 0으로도 브로드캐스팅되고, 그 축의 합은 0이다.
    - ``grad``는 실수 텐서다. 결과의 형태는 정확히 ``shape``이고 자료형은 ``grad``와 같다
      (``float32``면 ``float32``). ``grad``는 바꾸지 않는다.

    ``shape``이 브로드캐스팅으로 ``grad.shape``이 될 수 없으면 ``ValueError``를 낸다.

    >>> unbroadcast(torch.ones(4, 3), (1, 3)).tolist()
    [[4.0, 4.0, 4.0]]
    """
    raise NotImplementedError("unbroadcast: 아직 구현하지 않았습니다")
