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

# --8<-- [start:row-major]
base = torch.arange(6)  # 메모리에 0, 1, 2, 3, 4, 5 순서로 놓인 숫자
xt = base.reshape(2, 3).t()  # (3, 2): 행과 열을 바꾼 뷰, 메모리는 base 그대로
print(xt)
print("base와 같은 메모리:", xt.data_ptr() == base.data_ptr())
print(".T, transpose(0, 1)과 값이 같은가:", torch.equal(xt, base.reshape(2, 3).T),
      torch.equal(xt, base.reshape(2, 3).transpose(0, 1)))
flat = xt.reshape(6)
print("xt.reshape(6):", flat)  # 화면에 보이는 행 순서대로 읽습니다
flat[0] = 99  # 결과에 써 보면
print("flat에 쓴 뒤 base:", base)  # base는 그대로: flat은 복사본
print("뷰인 base[1:]도 data_ptr()는 다름:", base[1:].data_ptr() != base.data_ptr())
assert xt.data_ptr() == base.data_ptr() and not xt.is_contiguous()  # markdown-exec: hide
assert xt.reshape(6).tolist() == [0, 3, 1, 4, 2, 5]  # markdown-exec: hide
assert base.tolist() == [0, 1, 2, 3, 4, 5] and flat[0].item() == 99  # markdown-exec: hide
assert base[1:].data_ptr() != base.data_ptr()  # markdown-exec: hide
assert base[1:].untyped_storage().data_ptr() == base.untyped_storage().data_ptr()  # markdown-exec: hide
batched = torch.zeros(8, 4, 20, 32)  # (B, heads, T, 32)
print("transpose(-2, -1):", tuple(batched.shape), "->", tuple(batched.transpose(-2, -1).shape))
assert batched.transpose(-2, -1).shape == (8, 4, 32, 20)  # markdown-exec: hide
# --8<-- [end:row-major]

# --8<-- [start:merge-axes]
print("연속 메모리인가:", y.is_contiguous())
with expect_error(RuntimeError, match="view size is not compatible"):
    y.view(64, -1)  # 채널, 높이, 너비를 한 축으로
print(y.reshape(64, -1).shape)  # reshape는 필요하면 복사해서 해냅니다
print(y.view(64, 3, 1024).shape)  # 높이와 너비만 합치는 `view`는 됩니다
print(xt.view(3, 1, 2).shape)  # 연속 메모리가 아닌 xt도 이 형태로는 `view`가 됩니다
assert not y.is_contiguous() and y.reshape(64, -1).shape == (64, 3072)  # markdown-exec: hide
assert y.view(64, 3, 1024).data_ptr() == y.data_ptr()  # markdown-exec: hide
assert y.reshape(64, -1).data_ptr() != y.data_ptr()  # markdown-exec: hide
assert xt.view(3, 1, 2).data_ptr() == base.data_ptr()  # markdown-exec: hide
# --8<-- [end:merge-axes]
