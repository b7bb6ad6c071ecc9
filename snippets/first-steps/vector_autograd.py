x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)  # (3,)
y = (x**2).sum()  # ()
y.backward()
print("자동 미분:", x.grad)

# 파이썬 실수(float64)끼리 비교한다.
differences = [abs(a - b) for a, b in zip(x.grad.tolist(), finite_grads, strict=True)]
print("원소별 차이:", differences)
tolerance = 1e-6
assert max(differences) < tolerance, "두 방법이 허용 오차 안에서 일치하지 않는다"
print("허용 오차", tolerance, "안에서 일치")
assert x.grad.tolist() == [2.0, 4.0, 6.0]  # markdown-exec: hide
