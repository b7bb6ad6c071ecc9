x = torch.tensor(2.0, requires_grad=True)
y = x**2
y.backward()
with expect_error(RuntimeError, match="backward through the graph a second time"):
    y.backward()  # 같은 그래프를 한 번 더 거슬러 간다

# 고친 코드: 반복마다 y를 새로 만든다.
x = torch.tensor(2.0, requires_grad=True)
for _ in range(2):
    if x.grad is not None:
        x.grad.zero_()
    y = x**2
    y.backward()
    print(x.grad)
assert x.grad.item() == 4.0  # markdown-exec: hide
