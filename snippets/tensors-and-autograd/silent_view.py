B, T, D = 1, 3, 2
seq = torch.arange(B * T * D).reshape(B, T, D)   # (B, T, D): seq[0, t, d] = 시각 t의 특성 d
wrong = seq.view(B, D, T)                        # (B, D, T) 형태만 맞다
right = seq.permute(0, 2, 1)                     # (B, D, T) 축의 의미를 바꾼다
print("seq[0]   (T, D):\n", seq[0])
print("view     (D, T):\n", wrong[0])
print("permute  (D, T):\n", right[0])
print("형태가 같은가:", wrong.shape == right.shape, "| 값이 같은가:", torch.equal(wrong, right))
print("특성 0의 시계열: permute", right[0, 0].tolist(), "| view", wrong[0, 0].tolist())
assert right[0, 0].tolist() == [0, 2, 4] and wrong[0, 0].tolist() == [0, 1, 2]  # markdown-exec: hide
assert torch.equal(right, seq.transpose(1, 2))  # markdown-exec: hide
