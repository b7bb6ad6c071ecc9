x = torch.tensor(2.0, requires_grad=True)
y = x + 1  # 덧셈의 역전파(기울기 1)에는 저장해 둘 값이 없다
y.backward()
y.backward()  # 오류가 나지 않는다
print("x + 1로 두 번:", x.grad)  # 1 + 1

# 상수를 곱하는 2 * x는 그 상수를 저장해 두므로 두 번째에 실패한다
x = torch.tensor(2.0, requires_grad=True)
y = 2 * x
y.backward()
with expect_error(RuntimeError, match="backward through the graph a second time"):
    y.backward()
print("2 * x의 첫 backward() 뒤 x.grad:", x.grad)
assert x.grad.item() == 2.0  # markdown-exec: hide

# 같은 3배라도 상수를 숫자로 들고 있는 add(alpha=2)는 저장한 텐서가 없어 조용히 두 배가 된다
x = torch.tensor(2.0, requires_grad=True)
y = torch.add(x, x, alpha=2)  # x + 2 * x
y.backward()
y.backward()  # 오류가 나지 않는다
print("add(x, x, alpha=2)로 두 번:", x.grad)  # 3 + 3
assert x.grad.item() == 6.0  # markdown-exec: hide
