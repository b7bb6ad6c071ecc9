def f(x):
    return x**3 + 2 * x


x = 2.0
h = 0.0001
finite_diff = (f(x + h) - f(x - h)) / (2 * h)  # 중심 차분
print("유한 차분:", finite_diff)
print("정확한 값:", 3 * x**2 + 2)
assert 3 * x**2 + 2 == 14.0  # markdown-exec: hide
assert abs(finite_diff - 14.0) < 1e-6  # markdown-exec: hide
