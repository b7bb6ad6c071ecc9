from bookkit.show import expect_error

with expect_error(ValueError, match=r"\(8, 3, 32, 32\)"):
    to_nchw(nchw, channels=3)  # 이미 NCHW인 배치: 마지막 축이 32
with expect_error(ValueError, match=r"\(32, 32\)"):
    to_nchw(torch.rand(32, 32))  # 채널 축이 없는 흑백 한 장
