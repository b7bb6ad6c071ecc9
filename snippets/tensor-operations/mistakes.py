# 1. keepdim을 빠뜨렸는데 정사각 행렬이라 오류 없이 틀린다
square = torch.tensor([[1.0, 2.0, 3.0],
                       [10.0, 20.0, 30.0],
                       [100.0, 200.0, 300.0]])  # (3, 3)
wrong = square - square.mean(dim=1)  # (3, 3) - (3,): 행 평균을 열마다 뺀다
right = square - square.mean(dim=1, keepdim=True)  # (3, 3) - (3, 1)
print("1. keepdim 없이 뺀 뒤 행 평균 :", wrong.mean(dim=1))
print("   keepdim=True로 뺀 뒤 행 평균:", right.mean(dim=1))

# 2. 정수 텐서의 평균
with expect_error(RuntimeError, match="could not infer output dtype"):
    torch.tensor([1, 2, 3]).mean()

# 3. gather의 index 축 수가 입력과 다르다
with expect_error(RuntimeError, match="same number of dimensions"):
    logits.gather(dim=1, index=target)  # target은 (3,), logits는 (3, 2)
assert not torch.allclose(wrong.mean(dim=1), torch.zeros(3))  # markdown-exec: hide
assert torch.allclose(right.mean(dim=1), torch.zeros(3))  # markdown-exec: hide
