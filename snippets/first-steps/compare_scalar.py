def python_f(x):
    return x**3 + 2 * x


value = 2.0
h = 0.0001
finite_diff = (python_f(value + h) - python_f(value - h)) / (2 * h)

x = torch.tensor(value, requires_grad=True)
y = x**3 + 2 * x
y.backward()

difference = abs(finite_diff - x.grad.item())
print("유한 차분:", finite_diff)
print("자동 미분:", x.grad.item())
print("차이:", difference)
print("h**2:", h**2)
tolerance = 1e-6
assert difference < tolerance, "두 방법이 허용 오차 안에서 일치하지 않는다"
print("허용 오차", tolerance, "안에서 일치")
assert abs(difference - h**2) < 1e-10  # markdown-exec: hide
five_cubed = (5 * (value + h) ** 3 - 5 * (value - h) ** 3) / (2 * h)  # markdown-exec: hide
assert abs(five_cubed - 15 * value**2 - 5 * h**2) < 1e-9  # markdown-exec: hide
