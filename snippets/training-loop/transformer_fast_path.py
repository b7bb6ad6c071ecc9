import contextlib
import warnings

import torch
from torch import nn

from bookkit.show import expect_error

torch.manual_seed(0)
tokens = torch.randn(2, 3, 4)  # (B, T, D): 문장 2개, 토큰 3개, 특성 4개
padding = torch.tensor([[False, False, True], [False, False, False]])  # 첫 문장의 마지막 토큰은 패딩


def encode_with(batch_first, context, frozen=False, mask=padding, **layer_options):
    """평가 모드 인코더의 출력을 (B, T, D) 순서로 돌려준다."""
    torch.manual_seed(0)  # 설정마다 같은 가중치
    options = {"nhead": 2, "dim_feedforward": 8, "batch_first": batch_first} | layer_options
    layer = nn.TransformerEncoderLayer(4, **options)
    inp = tokens if batch_first else tokens.transpose(0, 1)  # batch_first=False면 (T, B, D)로 넣는다
    with warnings.catch_warnings(), context():
        warnings.simplefilter("ignore")  # 빠른 경로를 쓰는지 알리는 경고는 숨긴다
        encoder = nn.TransformerEncoder(layer, num_layers=1).eval()
        encoder.requires_grad_(not frozen)
        pad_out = encoder(inp, src_key_padding_mask=mask)
    return pad_out if batch_first else pad_out.transpose(0, 1)


fast_path_cases = [
    ("batch_first=True, 기록 켬", True, contextlib.nullcontext, False),
    ("batch_first=True, no_grad", True, torch.no_grad, False),
    ("batch_first=True, 매개변수 고정", True, contextlib.nullcontext, True),
    ("batch_first=False, no_grad", False, torch.no_grad, False),
]
zeroed_at_pad, fast_path_outputs = {}, {}
for name, batch_first, context, frozen in fast_path_cases:
    fast_path_outputs[name] = encode_with(batch_first, context, frozen)
    pad_out = fast_path_outputs[name][0, 2]  # 첫 문장의 패딩 자리(토큰 2)
    zeroed_at_pad[name] = bool((pad_out == 0).all())
    print(f"{name} -> 패딩 자리 출력: {[round(v, 4) for v in pad_out.tolist()]}")

middle = torch.tensor([[False, True, False], [False, False, False]])  # 패딩이 문장 가운데에 있다
mid_out = encode_with(True, torch.no_grad, mask=middle)[0, 1]  # 첫 문장의 패딩 자리(토큰 1)
print(f"가운데 패딩, no_grad -> 패딩 자리 출력: {[round(v, 4) for v in mid_out.tolist()]}")
pre_norm = encode_with(True, torch.no_grad, norm_first=True)[0, 2]  # 층 정규화를 먼저 하는 층
print(f"norm_first=True, no_grad -> 패딩 자리 출력: {[round(v, 4) for v in pre_norm.tolist()]}")
assert [zeroed_at_pad[name] for name, *_ in fast_path_cases] == [False, True, True, False]  # markdown-exec: hide
slow, fast = fast_path_outputs[fast_path_cases[0][0]].detach(), fast_path_outputs[fast_path_cases[1][0]]  # markdown-exec: hide
assert torch.allclose(slow[~padding], fast[~padding], atol=1e-5)  # markdown-exec: hide
assert not (mid_out == 0).any()  # markdown-exec: hide
assert not (pre_norm == 0).any()  # markdown-exec: hide
for off in [{"nhead": 1}, {"activation": lambda v: v.tanh()}]:  # markdown-exec: hide
    assert not (encode_with(True, torch.no_grad, **off)[0, 2] == 0).any()  # markdown-exec: hide
assert (encode_with(True, torch.no_grad, activation="gelu")[0, 2] == 0).all()  # markdown-exec: hide
with warnings.catch_warnings(record=True) as caught:  # markdown-exec: hide
    warnings.simplefilter("always")  # markdown-exec: hide
    pre_norm_layer = nn.TransformerEncoderLayer(4, 2, 8, batch_first=True, norm_first=True)  # markdown-exec: hide
    nn.TransformerEncoder(pre_norm_layer, num_layers=1)  # markdown-exec: hide
assert any("because encoder_layer.norm_first was True" in str(w.message) for w in caught)  # markdown-exec: hide

# 한 문장을 통째로 가리면 층 하나만 써도 두 경로의 출력이 다르다
all_masked = torch.tensor([[True, True, True], [False, False, False]])  # 첫 문장 전체가 패딩
torch.manual_seed(0)
single = nn.TransformerEncoderLayer(4, 2, 8, batch_first=True).eval()
recorded = single(tokens, src_key_padding_mask=all_masked)[0, 0]  # 첫 문장의 토큰 0
with torch.no_grad():
    unrecorded = single(tokens, src_key_padding_mask=all_masked)[0, 0]
print(f"층 하나, 문장 전체 가림, 기록 켬 -> 출력: {[round(v, 4) for v in recorded.tolist()]}")
print(f"층 하나, 문장 전체 가림, no_grad -> 출력: {[round(v, 4) for v in unrecorded.tolist()]}")
assert recorded.isfinite().all() and unrecorded.isnan().all()  # markdown-exec: hide
assert single(tokens, src_key_padding_mask=all_masked).isfinite().all()  # markdown-exec: hide
with torch.no_grad():  # markdown-exec: hide
    no_grad_out = single(tokens, src_key_padding_mask=all_masked)  # markdown-exec: hide
assert no_grad_out[0].isnan().all() and no_grad_out[1].isfinite().all()  # markdown-exec: hide
with torch.no_grad():  # 배치 축이 없는 (T, D) 입력은 빠른 경로를 타지 않는다
    unbatched = single(tokens[0], src_key_padding_mask=all_masked[0])[0]  # (T, D)의 토큰 0
print(f"층 하나, 배치 축 없는 (T, D), 전체 가림, no_grad -> 출력: {[round(v, 4) for v in unbatched.tolist()]}")
assert unbatched.isfinite().all() and torch.allclose(unbatched, recorded)  # markdown-exec: hide
with warnings.catch_warnings(), torch.no_grad():  # markdown-exec: hide
    warnings.simplefilter("ignore")  # markdown-exec: hide
    torch.manual_seed(0)  # markdown-exec: hide
    plain = nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 8, batch_first=True), 1).eval()  # markdown-exec: hide
    end_pad_out = plain(tokens[0], src_key_padding_mask=padding[0])[2]  # markdown-exec: hide
    assert (plain(tokens[:1], src_key_padding_mask=padding[:1])[0, 2] == 0).all()  # markdown-exec: hide
assert not (end_pad_out == 0).any()  # markdown-exec: hide
attention = nn.MultiheadAttention(4, 2, batch_first=True).eval()  # markdown-exec: hide
def attend(**options):  # markdown-exec: hide
    return attention(tokens, tokens, tokens, key_padding_mask=all_masked, **options)[0][0]  # markdown-exec: hide


assert (attend(need_weights=False) == 0).all()  # markdown-exec: hide
with torch.no_grad():  # markdown-exec: hide
    assert attend(need_weights=False).isnan().all()  # markdown-exec: hide
assert attend().isnan().all()  # markdown-exec: hide

# 중첩 텐서로 바꿀지는 입력과 첫 층만 보고 정한다: 첫 층만 고정하면 둘째 층에서 멈춘다
torch.manual_seed(0)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    two_layers = nn.TransformerEncoder(single, num_layers=2).eval()
two_layers.layers[0].requires_grad_(False)
with expect_error(AssertionError, match="does not support NestedTensor outside of its fast path"):
    two_layers(tokens, src_key_padding_mask=padding)
two_layers.requires_grad_(False)  # markdown-exec: hide
assert (two_layers(tokens, src_key_padding_mask=padding)[0, 2] == 0).all()  # markdown-exec: hide
