counts = torch.tensor([1, 2, 3])  # int64
with expect_error(RuntimeError, match="can't be cast to the desired output type"):
    counts += 0.5  # 제자리 연산은 결과를 counts의 자료형(int64)에 담아야 한다
print("새 텐서를 만드는 덧셈은 된다:", counts + 0.5)

halves = torch.tensor([0.5, 1.5])  # float32
halves += torch.tensor([1.0, 1.0], dtype=torch.float64)  # 결과 float64를 float32에 담는 것은 된다
print("float32 += float64:", halves, halves.dtype)
assert halves.dtype == torch.float32 and halves.tolist() == [1.5, 2.5]  # markdown-exec: hide
