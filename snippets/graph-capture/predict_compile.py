compiled(2 * torch.ones(3))  # 값만 다른 입력
print("값이 2인 입력 뒤 잡힌 그래프 수:", len(captured))
after_values = len(captured)  # markdown-exec: hide
compiled(torch.ones(4))  # 길이가 다른 입력
print("길이 4인 입력 뒤 잡힌 그래프 수:", len(captured))
assert after_values == 3 and len(captured) == 5  # markdown-exec: hide
assert captured[3] == captured[0] and captured[4][0] == "relu"  # markdown-exec: hide
