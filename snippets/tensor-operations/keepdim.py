from bookkit.show import expect_error

row_mean = x.mean(dim=1, keepdim=True)  # (2, 1, 4)
centered = x - row_mean  # (2, 3, 4) - (2, 1, 4): 1번 축이 늘어난다
print("keepdim=True :", tuple(row_mean.shape), "->", tuple(centered.shape))
print("1번 축 평균이 0인가:", torch.allclose(centered.mean(dim=1), torch.zeros(2, 4)))

with expect_error(RuntimeError, match="must match the size"):
    x - x.mean(dim=1)  # (2, 3, 4) - (2, 4): 끝에서 둘째 축이 3 대 2
assert tuple(centered.shape) == (2, 3, 4)  # markdown-exec: hide
assert torch.allclose(centered.mean(dim=1), torch.zeros(2, 4))  # markdown-exec: hide
