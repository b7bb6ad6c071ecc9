"""연습문제 nchw-and-gather: 형태를 따지며 축을 옮기고, 정답 점수를 고른다.

1. 이미지 라이브러리는 채널을 마지막 축에 두고(NHWC), PyTorch의 합성곱층은 채널을 배치 바로
   뒤에 둔다(NCHW). ``to_nchw``는 한 장이든 배치든 받아 ``[B, C, H, W]``로 바꾸고, 형태가 뜻에
   맞지 않으면 받은 형태를 적은 ``ValueError``로 거절한다.
2. 분류기의 점수 ``[B, C]``와 정답 ``[B]``에서 샘플마다 정답 클래스의 점수 하나를 고르는 일을
   ``torch.gather``로 한다. 결과는 ``[B]``이고 기울기가 점수까지 흐른다.
"""

from __future__ import annotations

import torch


def to_nchw(images: torch.Tensor, channels: int | None = None) -> torch.Tensor:
    """채널이 마지막인 이미지를 ``[B, C, H, W]``로 바꾼다.

    - ``[H, W, C]``(한 장)는 배치 축을 붙여 ``[1, C, H, W]``로, ``[B, H, W, C]``는
      ``[B, C, H, W]``로 바꾼다. ``result[b, c, h, w] == images[b, h, w, c]``이다.
    - 결과는 연속 메모리에 놓인 텐서다(``result.is_contiguous()``). 자료형은 그대로다.
    - ``images``는 바꾸지 않는다.
    - 축이 3개도 4개도 아니면, 또는 ``channels``를 주었는데 마지막 축의 길이가 그와 다르면
      ``ValueError``를 낸다. 메시지에는 받은 형태(``tuple(images.shape)``)를 적는다.

    >>> to_nchw(torch.zeros(32, 32, 3)).shape
    torch.Size([1, 3, 32, 32])
    """
    # BEGIN ANSWER
    shape = tuple(images.shape)
    if images.dim() not in (3, 4):
        raise ValueError(f"expected [H, W, C] or [B, H, W, C], got shape {shape}")
    if channels is not None and shape[-1] != channels:
        raise ValueError(f"expected {channels} channels in the last axis, got shape {shape}")
    if images.dim() == 3:
        images = images.unsqueeze(0)  # [1, H, W, C]
    return images.permute(0, 3, 1, 2).contiguous()  # [B, C, H, W]
    # END ANSWER


def pick_scores(scores: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    """샘플마다 정답 클래스의 점수를 고른다: ``result[i] == scores[i, target[i]]``.

    - ``scores``는 ``[B, C]``, ``target``은 정수(``int64``) ``[B]``이고 결과는 ``[B]``다.
    - 빈 배치(``B == 0``)도 받는다: 결과는 빈 ``[0]``이다.
    - ``scores``가 기울기를 요구하면 결과도 그래프에 이어진다(``torch.gather``로 고르면 한
      줄이다).
    - ``scores``가 2차원이 아니거나, ``target``의 형태가 ``[B]``가 아니거나, 자료형이
      ``int64``가 아니거나, 값이 ``0 <= t < C``를 벗어나면 ``ValueError``를 낸다. 형태가
      틀렸으면 메시지에 그 틀린 텐서의 형태를 적는다(``tuple(scores.shape)`` 또는
      ``tuple(target.shape)``).

    >>> pick_scores(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([1, 0])).tolist()
    [2.0, 3.0]
    """
    # BEGIN ANSWER
    if scores.dim() != 2:
        raise ValueError(f"scores must be [B, C], got shape {tuple(scores.shape)}")
    batch, classes = scores.shape
    if tuple(target.shape) != (batch,):
        raise ValueError(f"target must be [{batch}], got shape {tuple(target.shape)}")
    if target.dtype != torch.int64:
        raise ValueError(f"target must be int64 class numbers, got {target.dtype}")
    if batch and (target.min() < 0 or target.max() >= classes):
        raise ValueError(f"target values must be in [0, {classes}), got {target.tolist()}")
    return scores.gather(1, target.unsqueeze(1)).squeeze(1)  # [B, 1] -> [B]
    # END ANSWER
