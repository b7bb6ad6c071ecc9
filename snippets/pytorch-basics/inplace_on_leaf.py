leaf = torch.tensor([1.0, 2.0], requires_grad=True)

with expect_error(RuntimeError, match="leaf Variable that requires grad"):
    leaf.add_(1)

with torch.no_grad():  # 학습 중 가중치 갱신처럼, 기록을 끄고 바꾸는 것은 허용된다
    leaf.add_(1)
print("no_grad 안에서 바꾼 리프:", leaf)
assert leaf.tolist() == [2.0, 3.0]  # markdown-exec: hide
