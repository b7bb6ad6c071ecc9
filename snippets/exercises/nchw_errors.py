from bookkit.show import expect_error

flat = torch.rand(32, 32)  # 채널 축이 없는 흑백 한 장
with expect_error(RuntimeError, match="number of dimensions"):
    flat.permute(0, 3, 1, 2)  # permute만 부르면: 축 개수가 다르다는 메시지
with expect_error(ValueError, match=r"\(32, 32\)"):
    to_nchw(flat)  # 함수는 받은 형태를 적어 거절한다
with expect_error(ValueError, match=r"\(8, 3, 32, 32\)"):
    to_nchw(nchw, channels=3)  # 이미 NCHW인 배치: 마지막 축이 32

# channels를 주지 않으면 이미 NCHW인 배치도, [B, H, W] 흑백 배치도 축이 3개나 4개라서 통과한다
print("channels 없이 (8, 3, 32, 32) ->", tuple(to_nchw(nchw).shape))
print("channels 없이 (16, 28, 28) ->", tuple(to_nchw(torch.rand(16, 28, 28)).shape))
assert tuple(to_nchw(nchw).shape) == (8, 32, 3, 32)  # markdown-exec: hide
assert tuple(to_nchw(torch.rand(16, 28, 28)).shape) == (1, 28, 16, 28)  # markdown-exec: hide
