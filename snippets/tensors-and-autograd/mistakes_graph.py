# 1. backward() 없는 평가에서 기록용 리스트가 그래프를 붙잡는다
param = torch.ones(3, requires_grad=True)
losses, numbers = [], []
for step in range(3):
    loss_step = ((param * step) ** 2).sum()
    losses.append(loss_step)                               # 그래프째 보관
    numbers.append(loss_step.item())                       # 숫자만 보관
print("1) append(loss):", type(losses[0].grad_fn).__name__, " append(loss.item()):", numbers)

# 2. 슬라이싱한 배치를 제자리에서 정규화하면 데이터셋이 바뀐다
dataset = torch.arange(8.0).reshape(4, 2) + 10             # (N, D)
batch = dataset[:2]                                        # 뷰
batch -= batch.mean(dim=0)                                 # 제자리 수정
print("2) 제자리 정규화 뒤 dataset[:2] =", dataset[:2].tolist())
assert dataset[:2].tolist() == [[-1.0, -1.0], [1.0, 1.0]]  # markdown-exec: hide
dataset = torch.arange(8.0).reshape(4, 2) + 10
batch = dataset[:2]
normalized = batch - batch.mean(dim=0)                     # 새 텐서
print("   새 텐서로 정규화 뒤 dataset[:2] =", dataset[:2].tolist())
assert type(losses[0].grad_fn).__name__ == "SumBackward0"  # markdown-exec: hide
assert numbers == [0.0, 3.0, 12.0]  # markdown-exec: hide
assert dataset[:2].tolist() == [[10.0, 11.0], [12.0, 13.0]]  # markdown-exec: hide
assert normalized.tolist() == [[-1.0, -1.0], [1.0, 1.0]]  # markdown-exec: hide
