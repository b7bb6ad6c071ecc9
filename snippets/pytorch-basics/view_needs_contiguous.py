from bookkit.show import expect_error

t = torch.arange(6).reshape(2, 3)
tt = t.t()  # 전치: 메모리는 그대로 두고 보폭(stride)만 바꾼다
print("tt.is_contiguous():", tt.is_contiguous(), "stride:", tt.stride())

with expect_error(RuntimeError, match="view size is not compatible"):
    tt.view(6)

print("contiguous().view(6):", tt.contiguous().view(6))
print("reshape(6):          ", tt.reshape(6))
assert tt.reshape(6).tolist() == [0, 3, 1, 4, 2, 5]  # markdown-exec: hide
