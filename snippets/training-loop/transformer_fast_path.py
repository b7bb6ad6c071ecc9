import contextlib
import warnings

import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(2, 3, 4)  # (B, T, D): 문장 2개, 토큰 3개, 특성 4개
pad = torch.tensor([[False, False, True], [False, False, False]])  # 첫 문장의 마지막 토큰은 패딩


def encode(batch_first, context, frozen=False):
    """평가 모드 인코더의 출력을 (B, T, D) 순서로 돌려준다."""
    torch.manual_seed(0)  # 설정마다 같은 가중치
    layer = nn.TransformerEncoderLayer(4, nhead=2, dim_feedforward=8, batch_first=batch_first)
    inp = x if batch_first else x.transpose(0, 1)  # batch_first=False면 (T, B, D)로 넣는다
    with warnings.catch_warnings(), context():
        warnings.simplefilter("ignore")  # 빠른 경로를 쓰는지 알리는 경고는 숨긴다
        encoder = nn.TransformerEncoder(layer, num_layers=1).eval()
        encoder.requires_grad_(not frozen)
        out = encoder(inp, src_key_padding_mask=pad)
    return out if batch_first else out.transpose(0, 1)


cases = [
    ("batch_first=True,  기록 켬", True, contextlib.nullcontext, False),
    ("batch_first=True,  no_grad", True, torch.no_grad, False),
    ("batch_first=True,  매개변수 고정", True, contextlib.nullcontext, True),
    ("batch_first=False, no_grad", False, torch.no_grad, False),
]
zeroed, outputs = {}, {}
for name, batch_first, context, frozen in cases:
    outputs[name] = encode(batch_first, context, frozen)
    out = outputs[name][0, 2]  # 첫 문장의 패딩 자리(토큰 2)
    zeroed[name] = bool((out == 0).all())
    print(f"{name:28} 패딩 자리 출력: {[round(v, 4) for v in out.tolist()]}")
assert [zeroed[name] for name, *_ in cases] == [False, True, True, False]  # markdown-exec: hide
slow, fast = outputs[cases[0][0]].detach(), outputs[cases[1][0]]  # markdown-exec: hide
assert torch.allclose(slow[~pad], fast[~pad], atol=1e-5)  # markdown-exec: hide
