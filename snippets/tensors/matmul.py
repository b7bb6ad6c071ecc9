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
# --8<-- [end:by-hand]

# --8<-- [start:linear]
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
