compiled(2 * torch.ones(3))  # 값만 다른 입력
print("값이 2인 입력 뒤 잡힌 그래프 수:", len(captured))
after_values = len(captured)  # markdown-exec: hide
compiled(torch.ones(4))  # 길이가 다른 입력
print("길이 4인 입력 뒤 잡힌 그래프 수:", len(captured))
assert after_values == 3 and len(captured) == 5  # markdown-exec: hide
assert captured[3] == captured[0] and captured[4][0] == "relu"  # markdown-exec: hide
after_length_4 = len(captured)  # markdown-exec: hide
for length in (5, 6):
    compiled(torch.ones(length))  # 다시 잡은 그래프는 길이를 기호로 두었다
print("길이 5, 6인 입력 뒤 잡힌 그래프 수:", len(captured))
assert len(captured) == after_length_4  # markdown-exec: hide
after_length_6 = len(captured)  # markdown-exec: hide
compiled(torch.ones(1))  # 길이 1은 기호가 아니라 따로 다룬다
print("길이 1인 입력 뒤 잡힌 그래프 수:", len(captured))
assert len(captured) == after_length_6 + 2  # markdown-exec: hide
compiled(torch.ones(0))  # markdown-exec: hide
assert len(captured) == after_length_6 + 4  # markdown-exec: hide
