"""to_nchw and pick_scores against torch's own permute and indexing, on generated tensors."""

from __future__ import annotations

import re

import pytest
import torch
from hypothesis import example, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=100, deadline=None)
sizes = st.integers(1, 5)
dtypes = st.sampled_from([torch.float32, torch.float64, torch.uint8, torch.int64])


def filled(shape, dtype, seed) -> torch.Tensor:
    """Distinct values, so a wrong axis order shows."""
    numel = 1
    for size in shape:
        numel *= size
    values = torch.randperm(max(numel, 1), generator=torch.Generator().manual_seed(seed))
    return values[:numel].reshape(shape).to(dtype)


@SETTINGS
@given(batch=st.one_of(st.none(), sizes), height=sizes, width=sizes, channels=sizes,
       dtype=dtypes, seed=st.integers(0, 2**16))
def test_to_nchw_matches_permute(nchw_module, batch, height, width, channels, dtype, seed):
    shape = (height, width, channels) if batch is None else (batch, height, width, channels)
    images = filled(shape, dtype, seed)
    before = images.clone()
    given_channels = channels if seed % 2 else None  # channels= is optional: half without it
    result = nchw_module.to_nchw(images, channels=given_channels)
    expected = torch.movedim(images if batch is not None else images.unsqueeze(0), -1, 1)
    assert tuple(result.shape) == tuple(expected.shape), (
        f"입력 {shape}: 결과 형태가 {tuple(result.shape)}인데 {tuple(expected.shape)}여야 "
        "합니다 (한 장이면 배치 축 1을 앞에 붙이고, 채널 축을 배치 바로 뒤로)"
    )
    assert torch.equal(result, expected), (
        f"입력 {shape}: 형태는 맞지만 값의 자리가 다릅니다. result[b, c, h, w]는 "
        "images[b, h, w, c]여야 합니다 (reshape가 아니라 permute)"
    )
    assert result.dtype == dtype, "자료형을 바꾸면 안 됩니다"
    assert result.is_contiguous(), "결과는 연속 메모리여야 합니다 (.contiguous())"
    assert torch.equal(images, before), "입력을 바꾸면 안 됩니다"


@SETTINGS
@given(shape=st.lists(sizes, max_size=6).filter(lambda s: len(s) not in (3, 4)))
def test_to_nchw_rejects_other_ranks(nchw_module, shape):
    images = torch.zeros(shape)
    with pytest.raises(ValueError, match=re.escape(str(tuple(shape)))):
        nchw_module.to_nchw(images)
        pytest.fail(f"축이 {len(shape)}개인 {tuple(shape)}는 ValueError로 거절해야 합니다")


@SETTINGS
@given(shape=st.lists(sizes, min_size=3, max_size=4), wanted=sizes)
@example(shape=[4, 5, 3], wanted=0)  # channels=0 is given (not None): 3 channels are not 0
def test_to_nchw_checks_the_channel_count(nchw_module, shape, wanted):
    images = torch.zeros(shape)
    if shape[-1] == wanted:
        assert nchw_module.to_nchw(images, channels=wanted).shape[1] == wanted
    else:
        with pytest.raises(ValueError, match=re.escape(str(tuple(shape)))):
            nchw_module.to_nchw(images, channels=wanted)
            pytest.fail(f"마지막 축이 {shape[-1]}인데 channels={wanted}: ValueError여야 합니다")


@SETTINGS
@given(batch=st.integers(0, 6), classes=sizes, seed=st.integers(0, 2**16))
def test_pick_scores_matches_indexing_and_passes_gradients(nchw_module, batch, classes, seed):
    generator = torch.Generator().manual_seed(seed)
    scores = torch.randn(batch, classes, generator=generator, requires_grad=True)
    target = torch.randint(classes, (batch,), generator=generator)
    result = nchw_module.pick_scores(scores, target)
    expected = scores.detach()[torch.arange(batch), target]
    assert tuple(result.shape) == (batch,), f"결과는 [B] = [{batch}]여야 합니다"
    assert torch.equal(result.detach(), expected), (
        f"result[i]는 scores[i, target[i]]여야 합니다: 기대 {expected.tolist()}, "
        f"결과 {result.detach().tolist()}"
    )
    if batch:
        result.sum().backward()
        one_hot = torch.nn.functional.one_hot(target, classes).float()
        assert scores.grad is not None and torch.equal(scores.grad, one_hot), (
            "기울기가 고른 자리에만 1로 흘러야 합니다 (gather는 그래프에 이어집니다)"
        )


@pytest.mark.parametrize(
    ("scores_shape", "target", "shown_shape"),
    [
        ((4,), torch.tensor([0, 1, 0, 1]), (4,)),  # 점수가 [B, C]가 아님
        ((4, 3, 2), torch.tensor([0, 1, 2, 0]), (4, 3, 2)),  # 점수가 3차원
        ((4, 3), torch.tensor([[0], [1], [2], [0]]), (4, 1)),  # 정답이 [B]가 아님
        ((4, 3), torch.tensor([0, 1, 2]), (3,)),  # 배치 크기가 다름
        ((4, 3), torch.tensor([0.0, 1.0, 2.0, 0.0]), None),  # 정답이 실수
        ((4, 3), torch.tensor([0, 1, 2, 0], dtype=torch.int32), None),  # int64가 아닌 정수
        ((4, 3), torch.tensor([0, 1, 2, 0], dtype=torch.uint8), None),  # uint8도 int64가 아님
        ((4, 3), torch.tensor([False, True, True, False]), None),  # bool도 int64가 아님
        ((4, 3), torch.tensor([0, 1, 3, 0]), None),  # 클래스 번호가 범위 밖
        ((4, 3), torch.tensor([0, -1, 2, 0]), None),  # 음수 클래스 번호
    ],
)
def test_pick_scores_rejects_bad_input(nchw_module, scores_shape, target, shown_shape):
    # 형태가 틀린 입력은 받은 형태를 메시지에 적어야 합니다
    match = None if shown_shape is None else re.escape(str(shown_shape))
    with pytest.raises(ValueError, match=match):
        nchw_module.pick_scores(torch.zeros(scores_shape), target)
        pytest.fail(f"scores {scores_shape}, target {target.tolist()}: ValueError여야 합니다")


def test_chapter_examples(nchw_module):
    """텐서 장의 [B, H, W, C] -> [B, C, H, W]와 분류기의 정답 확률 고르기."""
    images = torch.rand(8, 32, 32, 3)
    nchw = nchw_module.to_nchw(images, channels=3)
    assert tuple(nchw.shape) == (8, 3, 32, 32) and nchw[0, 2, 5, 7] == images[0, 5, 7, 2]
    probs = torch.tensor([[0.9, 0.1], [0.2, 0.8], [0.6, 0.4]])
    picked = nchw_module.pick_scores(probs, torch.tensor([0, 1, 1]))
    assert picked.tolist() == pytest.approx([0.9, 0.8, 0.4])


def test_to_nchw_without_channels_moves_the_last_axis(nchw_module):
    """channels= is optional: without it the last axis is still the channel axis."""
    images = torch.arange(2 * 4 * 5 * 3).reshape(2, 4, 5, 3)
    result = nchw_module.to_nchw(images)
    assert tuple(result.shape) == (2, 3, 4, 5), (
        f"channels 없이 [2, 4, 5, 3]을 넣으면 [2, 3, 4, 5]여야 합니다: {tuple(result.shape)}"
    )
    assert result[1, 2, 3, 4] == images[1, 3, 4, 2]
