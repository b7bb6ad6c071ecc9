# --8<-- [start:nhwc]
x = torch.randn(64, 32, 32, 3)  # (B, H, W, C): 채널이 마지막
y = x.permute(0, 3, 1, 2)  # (B, C, H, W)
print(y.shape)
# 같은 픽셀, 같은 값: 축의 이름표만 자리를 바꿨습니다
print(y[0, 2, 5, 7].item() == x[0, 5, 7, 2].item())
assert y.shape == (64, 3, 32, 32) and bool(y[0, 2, 5, 7] == x[0, 5, 7, 2])  # markdown-exec: hide
# --8<-- [end:nhwc]

# --8<-- [start:not-reshape]
wrong = x.reshape(64, 3, 32, 32)  # 형태는 같지만 숫자를 순서대로 다시 자를 뿐입니다
print(wrong.shape == y.shape, torch.equal(wrong, y))
assert wrong.shape == y.shape and not torch.equal(wrong, y)  # markdown-exec: hide
# --8<-- [end:not-reshape]

# --8<-- [start:view]
print("연속 메모리인가:", y.is_contiguous())
with expect_error(RuntimeError, match="view size is not compatible"):
    y.view(64, -1)
print(y.reshape(64, -1).shape)  # reshape는 필요하면 복사해서 해냅니다
assert not y.is_contiguous() and y.reshape(64, -1).shape == (64, 3072)  # markdown-exec: hide
# --8<-- [end:view]
