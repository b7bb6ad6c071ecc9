counts = torch.tensor([1, 2, 3])  # int64
with expect_error(RuntimeError, match="can't be cast to the desired output type"):
    counts += 0.5  # 제자리 연산은 결과를 counts의 dtype(int64)에 담아야 한다
print("새 텐서를 만드는 덧셈은 된다:", counts + 0.5)
