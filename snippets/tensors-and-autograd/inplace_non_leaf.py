x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

h = x * 2  # 리프가 아닌 중간 결과
h.add_(1)  # 된다: 상수 2를 곱한 연산의 역전파는 h의 값을 쓰지 않는다
print("h =", h, "| 리프 텐서인가:", h.is_leaf, "| 버전:", h._version)
h.sum().backward()
print("x.grad =", x.grad)  # d(2x + 1)/dx = 2
assert x.grad.tolist() == [2.0, 2.0, 2.0] and not h.is_leaf  # markdown-exec: hide

e = x.exp()  # exp의 역전파는 자기 출력 e를 다시 쓴다
e.add_(1)  # 고치는 순간에는 아무 말이 없다
with expect_error(RuntimeError, match="output 0 of Exp, is at version 1"):
    e.sum().backward()  # 역전파 때 버전 검사에 걸린다
probe = (x * 2).grad_fn  # markdown-exec: hide
assert probe._saved_self is None and probe._saved_other.item() == 2  # markdown-exec: hide
