scores = torch.tensor([[1.0, 5.0, 2.0],
                       [4.0, 0.0, 6.0]])  # (2, 3): 샘플 2개, 클래스 3개
print("sum(dim=0):", scores.sum(dim=0))  # 0번 축(샘플)을 따라 더함 -> 클래스마다 하나
print("sum(dim=1):", scores.sum(dim=1))  # 1번 축(클래스)을 따라 더함 -> 샘플마다 하나
values, indices = scores.max(dim=1)  # 값과 위치를 함께 돌려준다
print("max(dim=1):", values, indices)
print("argmax(dim=1):", scores.argmax(dim=1))
print("정수 텐서의 sum:", torch.tensor([1, 2, 3]).sum().dtype)
assert scores.sum(dim=0).tolist() == [5.0, 5.0, 8.0]  # markdown-exec: hide
assert scores.sum(dim=1).tolist() == [8.0, 10.0]  # markdown-exec: hide
assert indices.tolist() == [1, 2] and values.tolist() == [5.0, 6.0]  # markdown-exec: hide
