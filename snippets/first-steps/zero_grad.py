x = torch.tensor(2.0, requires_grad=True)
seen = []  # markdown-exec: hide

for step in range(3):
    if x.grad is not None:
        x.grad.zero_()  # 지난 반복의 기울기를 지운다
    y = x**2
    y.backward()
    print(step, x.grad)
    seen.append(x.grad.item())  # markdown-exec: hide
assert seen == [4.0, 4.0, 4.0]  # markdown-exec: hide
