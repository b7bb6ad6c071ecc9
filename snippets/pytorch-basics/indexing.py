m = torch.arange(24).reshape(4, 6)  # 값이 보이도록 0..23
print(m)
print("m[0, :] =", m[0, :])  # 첫 번째 행
print("m[:, 2] =", m[:, 2])  # 세 번째 열
assert m[0, :].tolist() == [0, 1, 2, 3, 4, 5]  # markdown-exec: hide
assert m[:, 2].tolist() == [2, 8, 14, 20]  # markdown-exec: hide
