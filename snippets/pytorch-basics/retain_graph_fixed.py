x = torch.tensor(2.0, requires_grad=True)
y = x**2 + 3 * x + 1
y.backward(retain_graph=True)  # 그래프를 남긴다
print("첫 번째 backward 뒤 x.grad =", x.grad)
y.backward()  # 두 번째도 된다 (그리고 기울기는 누적된다)
print("두 번째 backward 뒤 x.grad =", x.grad)
assert x.grad.item() == 14.0  # markdown-exec: hide
