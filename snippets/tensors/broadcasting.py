# --8<-- [start:bias]
import torch

torch.manual_seed(0)  # 이 페이지의 무작위 값은 모두 여기서 시작합니다

x = torch.tensor([
    [1.0, 2.0, 3.0],
    [4.0, 5.0, 6.0],
    [7.0, 8.0, 9.0],
    [10.0, 11.0, 12.0],
])  # (4, 3)
bias = torch.tensor([0.1, 0.2, 0.3])  # (3,)

y = x + bias  # bias가 네 행 모두에 더해집니다
print(y)
expected = [[1.1, 2.2, 3.3], [4.1, 5.2, 6.3], [7.1, 8.2, 9.3], [10.1, 11.2, 12.3]]  # markdown-exec: hide
assert torch.allclose(y, torch.tensor(expected))  # markdown-exec: hide
# --8<-- [end:bias]

# --8<-- [start:rule]
x = torch.randn(4, 3)
mean = torch.randn(3)
centered = x - mean  # (4, 3) - (3,) -> (4, 3)
print(centered.shape)
assert centered.shape == (4, 3)  # markdown-exec: hide

from bookkit.show import expect_error

total = torch.zeros(3)  # (3,)
batch = torch.ones(2, 3)  # (2, 3)
with expect_error(RuntimeError, match=r"output with shape \[3\] doesn't match the broadcast shape \[2, 3\]"):
    total += batch  # 제자리 연산: 결과를 담을 total (3,)은 (2, 3)으로 늘어날 수 없다
with expect_error(RuntimeError, match=r"output with shape \[3\] doesn't match the broadcast shape \[1, 3\]"):
    total += torch.ones(1, 3)  # 늘어나는 축은 없지만 결과가 (1, 3)이라 (3,)에 담을 수 없다
centered += mean  # (4, 3) += (3,): 늘어나는 쪽이 오른쪽이면 된다
print("centered += mean:", centered.shape)
assert centered.shape == (4, 3) and total.tolist() == [0.0, 0.0, 0.0]  # markdown-exec: hide
# --8<-- [end:rule]

# --8<-- [start:table]
pairs = [
    ((4, 3), (3,)),
    ((4, 3), (4, 1)),
    ((4, 3), (1, 3)),
    ((64, 3, 32, 32), (3, 1, 1)),
    ((8, 4, 20, 20), (20,)),
    ((4, 3), (4,)),
]
for left, right in pairs:
    try:
        result = list(torch.broadcast_shapes(left, right))
    except RuntimeError:
        result = "불가"
    print(f"{str(list(left)):<16} + {str(list(right)):<10} -> {result}")
assert torch.broadcast_shapes((64, 3, 32, 32), (3, 1, 1)) == (64, 3, 32, 32)  # markdown-exec: hide
assert result == "불가"  # markdown-exec: hide
# --8<-- [end:table]

# --8<-- [start:failure]
from bookkit.show import expect_error

x = torch.randn(4, 3)
y = torch.randn(4)  # 행마다 하나씩 더하고 싶은 값
with expect_error(RuntimeError, match="must match the size"):
    z = x + y  # 뒤쪽 축: 3 대 4
# --8<-- [end:failure]

# --8<-- [start:fix]
y = y.unsqueeze(1)  # (4,) -> (4, 1)
z = x + y  # (4, 3) + (4, 1) -> (4, 3)
print(y.shape)
print(z.shape)
# i번째 행의 세 칸 모두에 y[i]가 더해졌는지 확인
print(torch.allclose(z - x, y.expand(4, 3)))
assert z.shape == (4, 3) and torch.allclose(z - x, y.expand(4, 3))  # markdown-exec: hide
# --8<-- [end:fix]

# --8<-- [start:silent]
prediction = torch.tensor([[1.0], [2.0], [3.0], [4.0]])  # (4, 1): 모델 출력, 샘플마다 하나
truth = torch.tensor([1.0, 2.0, 3.0, 4.0])  # (4,): 정답, 샘플마다 하나

diff = prediction - truth  # (4, 1) - (4,) -> (4, 4): 오류 없이 통과합니다
print(diff.shape)
print("브로드캐스팅된 MSE:", (diff**2).mean().item())
print("의도한 MSE:", ((prediction.squeeze(1) - truth) ** 2).mean().item())
assert diff.shape == (4, 4) and (diff**2).mean().item() == 2.5  # markdown-exec: hide
assert ((prediction.squeeze(1) - truth) ** 2).mean().item() == 0.0  # markdown-exec: hide
# --8<-- [end:silent]
