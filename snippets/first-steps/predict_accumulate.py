shared = torch.tensor(2.0, requires_grad=True)
(shared**2).backward()  # 기울기 2x = 4
(3 * shared).backward()  # 기울기 3
print("두 손실의 backward() 뒤:", shared.grad)
assert shared.grad.item() == 7.0  # markdown-exec: hide
shared.grad.zero_()
(shared**2).backward()
print("비우고 한 번 더       :", shared.grad)
assert shared.grad.item() == 4.0  # markdown-exec: hide
