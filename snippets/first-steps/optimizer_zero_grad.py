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

optimizer.step()  # x.add_(x.grad, alpha=-0.1), 곧 2 - 0.1 * 4
print("step() 뒤 x:", round(x.item(), 4))

# zero_grad를 부른 뒤에도 0으로 채운 텐서를 남기고 싶으면 set_to_none=False를 준다.
optimizer.zero_grad(set_to_none=False)
print("set_to_none=False:", x.grad)
assert seen == [(None, 4.0)] * 3  # markdown-exec: hide
assert abs(x.item() - 1.6) < 1e-6  # markdown-exec: hide
assert x.grad is not None and x.grad.item() == 0.0  # markdown-exec: hide
# step()은 add_(grad, alpha=-lr)와 비트까지 같다(곱한 뒤 빼는 식과는 마지막 자리가 다를 수 있다).  # markdown-exec: hide
sgd_probe = torch.tensor([0.1 * k for k in range(1, 1001)], requires_grad=True)  # markdown-exec: hide
sgd_probe.grad = torch.tensor([0.37 * k for k in range(1, 1001)])  # markdown-exec: hide
sgd_expected = sgd_probe.detach().clone().add_(sgd_probe.grad, alpha=-0.7)  # markdown-exec: hide
sgd_naive = sgd_probe.detach() - 0.7 * sgd_probe.grad  # markdown-exec: hide
torch.optim.SGD([sgd_probe], lr=0.7).step()  # markdown-exec: hide
assert torch.equal(sgd_probe.detach(), sgd_expected)  # markdown-exec: hide
assert torch.allclose(sgd_probe.detach(), sgd_naive, rtol=1e-6, atol=1e-6)  # markdown-exec: hide
