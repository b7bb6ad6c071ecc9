x = torch.tensor(2.0, requires_grad=True)
seen = []  # markdown-exec: hide

for step in range(3):
    y = x**2
    y.backward()  # 매번 dy/dx = 4를 구해 .grad에 더한다
    print(step, x.grad)
    seen.append(x.grad.item())  # markdown-exec: hide
assert seen == [4.0, 8.0, 12.0]  # markdown-exec: hide
