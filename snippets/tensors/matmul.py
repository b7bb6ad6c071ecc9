# --8<-- [start:by-hand]
x = torch.randn(4, 3)  # (B, in)
W = torch.randn(3, 2)  # (in, out)
b = torch.randn(2)  # (out,)

y = x @ W + b  # (4, 3) @ (3, 2) -> (4, 2), b는 브로드캐스팅
print(y.shape)

# y[0, 1]: 0번 샘플의 특성 3개와 W의 1번 열(두 번째 출력 뉴런)을 곱해 더하고 b[1]을 더한 값
one_entry = x[0, 0] * W[0, 1] + x[0, 1] * W[1, 1] + x[0, 2] * W[2, 1] + b[1]
print(y[0, 1].item(), one_entry.item())
assert y.shape == (4, 2) and torch.isclose(y[0, 1], one_entry)  # markdown-exec: hide

# 더하는 순서만 바꿔도 float32 합은 달라질 수 있다
p, q, r = torch.tensor(1e8), torch.tensor(-1e8), torch.tensor(1.0)
print("(p + q) + r =", ((p + q) + r).item(), "| p + (q + r) =", (p + (q + r)).item())
assert ((p + q) + r).item() == 1.0 and (p + (q + r)).item() == 0.0  # markdown-exec: hide
# --8<-- [end:by-hand]

# --8<-- [start:linear]
from torch import nn

layer = nn.Linear(in_features=3, out_features=2)
x = torch.randn(4, 3)
y = layer(x)

print(layer.weight.shape)  # (out, in)
print(layer.bias.shape)
print(y.shape)
# nn.Linear가 하는 계산: x @ weight.T + bias
print(torch.allclose(y, x @ layer.weight.T + layer.bias))
assert layer.weight.shape == (2, 3) and layer.bias.shape == (2,)  # markdown-exec: hide
assert y.shape == (4, 2) and torch.allclose(y, x @ layer.weight.T + layer.bias)  # markdown-exec: hide
# --8<-- [end:linear]

# --8<-- [start:batched]
# 마지막 두 축끼리 행렬 곱, 그 앞의 축은 브로드캐스팅으로 맞춘다
queries = torch.randn(8, 4, 20, 32)  # (B, heads, T, 32)
keys = torch.randn(8, 4, 20, 32)  # (B, heads, T, 32)
scores = queries @ keys.transpose(-2, -1)  # (8, 4, [20, 32]) @ (8, 4, [32, 20])
print("어텐션 점수:", list(scores.shape))

tokens = torch.randn(8, 20, 128)  # (B, T, D)
W_proj = torch.randn(128, 64)  # (D, D'): 앞 축이 없으므로 모든 샘플에 같은 행렬이 쓰인다
print("(B, T, D) @ (D, D'):", list((tokens @ W_proj).shape))

left = torch.randn(2, 1, 3, 4)  # 앞 축 (2, 1), 행렬 (3, 4)
right = torch.randn(5, 4, 6)  # 앞 축 (5,),   행렬 (4, 6)
print("앞 축 브로드캐스팅:", list((left @ right).shape))  # 앞 축 (2, 5), 행렬 (3, 6)
same = torch.allclose((left @ right)[1, 3], left[1, 0] @ right[3])  # 한 칸만 직접 곱해 본다
print("  (left @ right)[1, 3] == left[1, 0] @ right[3]:", same)

vector = torch.randn(3)  # 1차원 쪽은 (3, 1) 열처럼 곱한 뒤 그 축을 뺀다
print("(4, 3) @ (3,):", list((torch.randn(4, 3) @ vector).shape))

with expect_error(RuntimeError, match="must match the size"):
    torch.randn(2, 3, 4) @ torch.randn(5, 4, 6)  # 앞 축 2 대 5: 브로드캐스팅 불가
assert scores.shape == (8, 4, 20, 20) and (tokens @ W_proj).shape == (8, 20, 64)  # markdown-exec: hide
assert (left @ right).shape == (2, 5, 3, 6) and same  # markdown-exec: hide
assert (torch.randn(4, 3) @ vector).shape == (4,)  # markdown-exec: hide
# --8<-- [end:batched]
