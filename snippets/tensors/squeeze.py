# --8<-- [start:unsqueeze]
image = torch.randn(1, 28, 28)  # (C, H, W): 한 장
image_batch = image.unsqueeze(0)  # (B=1, C, H, W)
print(image.shape)
print(image_batch.shape)
assert image_batch.shape == (1, 1, 28, 28)  # markdown-exec: hide
# --8<-- [end:unsqueeze]

# --8<-- [start:squeeze]
x = torch.randn(1, 1, 28, 28)  # (B=1, C=1, H, W)
print("squeeze():  ", x.squeeze().shape)  # 길이 1인 축을 모두 지웁니다
print("squeeze(0): ", x.squeeze(0).shape)  # 0번 축만 지웁니다
assert x.squeeze().shape == (28, 28) and x.squeeze(0).shape == (1, 28, 28)  # markdown-exec: hide
# --8<-- [end:squeeze]

# --8<-- [start:surprise]
from torch import nn

conv = nn.Conv2d(in_channels=1, out_channels=8, kernel_size=3)

for batch_size in (4, 1):
    batch = torch.randn(batch_size, 1, 28, 28)  # (B, 1, H, W)
    print(f"B={batch_size}: squeeze() -> {list(batch.squeeze().shape)}")
    expected_shape = (4, 28, 28) if batch_size == 4 else (28, 28)  # markdown-exec: hide
    assert batch.squeeze().shape == expected_shape  # markdown-exec: hide

# B=1일 때 squeeze()는 배치 축과 채널 축을 함께 지워 합성곱층이 받지 못합니다
single = torch.randn(1, 1, 28, 28)
with expect_error(RuntimeError, match="Expected 3D"):
    conv(single.squeeze())
print("squeeze(0) 다음 conv:", conv(single.squeeze(0)).shape)  # (C, H, W)로 받아 줍니다
assert conv(single.squeeze(0)).shape == (8, 26, 26)  # markdown-exec: hide
# --8<-- [end:surprise]

# --8<-- [start:predictions]
regressor = nn.Linear(3, 1)  # 샘플마다 숫자 하나를 예측: 출력은 (B, 1)
for batch_size in (4, 1):
    preds = regressor(torch.randn(batch_size, 3))  # (B, 1)
    print(
        f"B={batch_size}: squeeze() -> {list(preds.squeeze().shape)},"
        f" squeeze(1) -> {list(preds.squeeze(1).shape)}"
    )
assert preds.squeeze().shape == () and preds.squeeze(1).shape == (1,)  # markdown-exec: hide
# --8<-- [end:predictions]
