x = torch.tensor(2.0, requires_grad=True)
y = x * x  # 곱셈 노드는 역전파에 쓸 x를 저장해 둔다
y.backward()
print("첫 backward() 뒤 x.grad:", x.grad)
with expect_error(RuntimeError, match="backward through the graph a second time"):
    y.backward()  # 저장해 둔 값이 이미 풀려났다

# retain_graph=True: 저장한 값을 풀지 않고 남겨 둔다
x = torch.tensor(2.0, requires_grad=True)
y = x * x
y.backward(retain_graph=True)
y.backward()  # 두 번째도 된다. 기울기는 누적된다: 4 + 4
print("retain_graph=True로 두 번:", x.grad)
assert x.grad.item() == 8.0  # markdown-exec: hide
