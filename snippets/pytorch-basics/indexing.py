# 앞 블록의 x: randn(4, 6), 뷰 y를 거쳐 x[0, 0]이 100으로 바뀐 상태
row, column = x[0, :], x[:, 2]  # 첫 번째 행 (6,), 세 번째 열 (4,)
print("x[0, :] =", [round(v, 4) for v in row.tolist()], tuple(row.shape))
print("x[:, 2] =", [round(v, 4) for v in column.tolist()], tuple(column.shape))
assert x[0, :].shape == (6,) and x[:, 2].shape == (4,)  # markdown-exec: hide
assert x[0, 0].item() == 100.0  # markdown-exec: hide

m = torch.arange(24).reshape(4, 6)  # 값이 보이도록 0..23
print(m)
print("m[0, :] =", m[0, :])  # 첫 번째 행
print("m[:, 2] =", m[:, 2])  # 세 번째 열
assert m[0, :].tolist() == [0, 1, 2, 3, 4, 5]  # markdown-exec: hide
assert m[:, 2].tolist() == [2, 8, 14, 20]  # markdown-exec: hide
