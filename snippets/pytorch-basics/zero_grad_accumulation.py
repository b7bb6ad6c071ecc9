x = torch.tensor(2.0, requires_grad=True)
optimizer = torch.optim.SGD([x], lr=0.1)  # 여기서는 zero_grad()만 쓴다 (step은 부르지 않음)

seen = []
for call in range(2):
    y = x**2 + 3 * x + 1  # 호출마다 새 그래프
    y.backward()
    seen.append(x.grad.item())
    print(f"zero_grad 없이 backward {call + 1}번 뒤 x.grad =", x.grad)

optimizer.zero_grad()
print("optimizer.zero_grad() 뒤 x.grad =", x.grad)
cleared = x.grad
(x**2 + 3 * x + 1).backward()
print("다시 backward 뒤 x.grad =", x.grad)
assert seen == [7.0, 14.0] and cleared is None and x.grad.item() == 7.0  # markdown-exec: hide
