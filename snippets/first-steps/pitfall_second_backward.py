# 반복마다 y를 새로 계산하고, .grad를 비운 뒤 backward()를 부른다.
x = torch.tensor(2.0, requires_grad=True)
for _ in range(2):
    if x.grad is not None:
        x.grad.zero_()
    y = x**2  # 새 그래프
    y.backward()
    print(x.grad)
assert x.grad.item() == 4.0  # markdown-exec: hide
