from bookkit.show import expect_error

t = torch.arange(6).reshape(2, 3)
tt = t.t()  # 전치: 메모리는 그대로 두고 보폭만 바꾼다
print("tt.is_contiguous():", tt.is_contiguous(), "stride:", tt.stride())

with expect_error(RuntimeError, match="view size is not compatible"):
    tt.view(6)

same_memory = tt.view(3, 1, 2)  # 크기 1인 축을 끼운 형태는 원래 보폭으로 표현된다
print(
    "tt.view(3, 1, 2):",
    tuple(same_memory.shape),
    "메모리 공유:",
    same_memory.data_ptr() == tt.data_ptr(),
)
assert same_memory.data_ptr() == tt.data_ptr()  # markdown-exec: hide

print("contiguous().view(6):", tt.contiguous().view(6))
flat = tt.reshape(6)  # 이번에는 뷰로 읽을 수 없으니 복사한다
print("reshape(6):          ", flat)
print("reshape가 메모리를 공유하나:", flat.data_ptr() == tt.data_ptr())
assert flat.data_ptr() != tt.data_ptr()  # markdown-exec: hide
assert tt.reshape(6).tolist() == [0, 3, 1, 4, 2, 5]  # markdown-exec: hide
