x = torch.tensor(2.0, requires_grad=True)
y = x**2 + 3 * x + 1
y.backward()
with expect_error(RuntimeError, match="backward through the graph a second time"):
    y.backward()  # 첫 역전파가 저장된 중간값을 이미 풀어 버렸다
