# --8<-- [start:rows-cols]
import torch

torch.manual_seed(0)  # 이 페이지의 무작위 값은 모두 여기서 시작합니다

x = torch.tensor([
    [10, 11, 12],
    [20, 21, 22],
    [30, 31, 32],
    [40, 41, 42],
])
print(x.shape)  # (샘플 4개, 특성 3개)
print(x[0])  # 첫 번째 샘플 하나: (3,)
print(x[:, 0])  # 모든 샘플의 첫 번째 특성: (4,)
assert x.shape == (4, 3)  # markdown-exec: hide
assert x[0].tolist() == [10, 11, 12] and x[:, 0].tolist() == [10, 20, 30, 40]  # markdown-exec: hide
# --8<-- [end:rows-cols]

# --8<-- [start:images]
images = torch.randn(64, 3, 32, 32)  # (B, C, H, W)

first_image = images[0]  # 배치의 첫 장
red_channel = images[:, 0, :, :]  # 모든 장의 0번 채널
small_patch = images[:, :, 0:16, 0:16]  # 모든 장, 모든 채널의 왼쪽 위 16x16

print(first_image.shape)
print(red_channel.shape)
print(small_patch.shape)
print(images[0:1].shape)  # 정수 대신 범위로 고르면 축이 남습니다
assert first_image.shape == (3, 32, 32) and red_channel.shape == (64, 32, 32)  # markdown-exec: hide
assert small_patch.shape == (64, 3, 16, 16)  # markdown-exec: hide
assert images[0:1].shape == (1, 3, 32, 32)  # markdown-exec: hide
# --8<-- [end:images]
