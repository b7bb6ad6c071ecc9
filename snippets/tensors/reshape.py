# --8<-- [start:flatten]
images = torch.randn(64, 1, 28, 28)  # (B, C, H, W)
flat = images.reshape(64, 784)  # (B, C*H*W)
print(flat.shape)
print("원소 수:", images.numel(), "=", 64 * 1 * 28 * 28, "=", 64 * 784)
assert flat.shape == (64, 784) and images.numel() == 50176 == 64 * 784  # markdown-exec: hide
# --8<-- [end:flatten]

# --8<-- [start:minus-one]
flat = images.reshape(64, -1)  # -1: 나머지 원소 수로 계산
print(flat.shape)

batch_size = images.shape[0]
flat = images.reshape(batch_size, -1)  # 배치 축은 두고 나머지를 펼칩니다
print(flat.shape)

last_batch = torch.randn(17, 1, 28, 28)  # 데이터의 마지막 배치는 더 작을 수 있습니다
print(last_batch.reshape(last_batch.shape[0], -1).shape)
assert flat.shape == (64, 784)  # markdown-exec: hide
assert last_batch.reshape(last_batch.shape[0], -1).shape == (17, 784)  # markdown-exec: hide

from bookkit.show import expect_error

empty = torch.zeros(0, 1, 28, 28)  # 샘플이 하나도 없는 배치
with expect_error(RuntimeError, match="ambiguous"):
    empty.reshape(empty.shape[0], -1)  # 0 x ? = 0개: ?가 정해지지 않습니다
print(empty.flatten(1).shape)  # flatten(1): 1번 축부터 끝까지를 한 축으로 펼칩니다
assert empty.flatten(1).shape == (0, 784)  # markdown-exec: hide
assert torch.zeros(4, 0, 28, 28).reshape(4, -1).shape == (4, 0)  # markdown-exec: hide
# --8<-- [end:minus-one]

# --8<-- [start:view-shares]
numbers = torch.arange(6)  # 0, 1, 2, 3, 4, 5
as_matrix = numbers.view(2, 3)  # 같은 여섯 숫자를 2행 3열로
as_matrix[0, 0] = 100  # 뷰의 한 칸을 바꾸면
print(numbers)  # 원본의 같은 칸도 바뀝니다
print("reshape도 같은 메모리:", numbers.reshape(3, 2).data_ptr() == numbers.data_ptr())
assert numbers.tolist() == [100, 1, 2, 3, 4, 5]  # markdown-exec: hide
assert as_matrix.data_ptr() == numbers.data_ptr()  # markdown-exec: hide
assert numbers.reshape(3, 2).data_ptr() == numbers.data_ptr()  # markdown-exec: hide
# --8<-- [end:view-shares]

# --8<-- [start:wrong-size]
from bookkit.show import expect_error

with expect_error(RuntimeError, match="is invalid for input of size"):
    images.reshape(64, 700)  # 64 * 700 != 50176
# --8<-- [end:wrong-size]
