x = torch.tensor(2.0, requires_grad=True)
optimizer = torch.optim.SGD([x], lr=0.1)  # 갱신할 텐서의 목록과 학습률을 맡긴다
seen = []  # markdown-exec: hide
for step in range(3):
    optimizer.zero_grad()  # 지난 반복의 기울기를 지운다
    cleared = x.grad
    y = x**2
    y.backward()
    print(step, "zero_grad 직후:", cleared, "/ backward 뒤:", x.grad)
    seen.append((cleared, x.grad.item()))  # markdown-exec: hide

optimizer.step()  # x -= 0.1 * x.grad, 곧 2 - 0.1 * 4
print("step() 뒤 x:", round(x.item(), 4))

# zero_grad를 부른 뒤에도 0으로 채운 텐서를 남기고 싶으면 set_to_none=False를 준다.
optimizer.zero_grad(set_to_none=False)
print("set_to_none=False:", x.grad)
assert seen == [(None, 4.0)] * 3  # markdown-exec: hide
assert abs(x.item() - 1.6) < 1e-6  # markdown-exec: hide
assert x.grad is not None and x.grad.item() == 0.0  # markdown-exec: hide
