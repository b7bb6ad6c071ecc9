x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

h = x * 2  # 리프가 아닌 중간 결과
h.add_(1)  # 허용된다: x * 2의 backward는 h의 값을 다시 쓰지 않는다
print("h =", h, "| is_leaf =", h.is_leaf)
h.sum().backward()
print("x.grad =", x.grad)  # d(2x + 1)/dx = 2
assert x.grad.tolist() == [2.0, 2.0, 2.0] and not h.is_leaf  # markdown-exec: hide

e = x.exp()  # exp의 backward는 자기 출력 e를 다시 쓴다
e.add_(1)  # 여기서는 아무 말이 없지만...
with expect_error(RuntimeError, match="modified by an inplace operation"):
    e.sum().backward()  # backward 때 버전 검사에 걸린다
