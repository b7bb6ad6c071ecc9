from labs.deep_learning_pytorch.tensors.solutions.nchw_and_gather import pick_scores

scores = torch.tensor([[2.0, -1.0, 0.5],
                       [0.1, 0.3, 3.0]], requires_grad=True)  # (B, C) = (2, 3)
target = torch.tensor([0, 2])  # (B,): 정답 클래스 번호
picked = pick_scores(scores, target)  # (B,)
print("고른 점수:", picked.tolist())
print("인덱싱과 같은가:", torch.equal(picked, scores[torch.arange(2), target]))
picked.sum().backward()
print("scores.grad:")
print(scores.grad)
assert picked.tolist() == [2.0, 3.0]  # markdown-exec: hide
assert scores.grad.tolist() == [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]  # markdown-exec: hide
empty = pick_scores(torch.zeros(0, 3), torch.zeros(0, dtype=torch.int64))  # 빈 배치 B = 0
print("빈 배치:", tuple(empty.shape))
assert tuple(empty.shape) == (0,)  # markdown-exec: hide
with expect_error(ValueError, match="int64"):
    pick_scores(scores, target.float())  # 클래스 번호를 실수로 넘긴 경우
