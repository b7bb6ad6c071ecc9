def vector_f(values):
    return sum(value**2 for value in values)


values = [1.0, 2.0, 3.0]
h = 0.0001
finite_grads = []
for index in range(len(values)):
    plus = values.copy()
    minus = values.copy()
    plus[index] += h  # 한 원소만 조금 움직인다
    minus[index] -= h
    grad = (vector_f(plus) - vector_f(minus)) / (2 * h)
    finite_grads.append(grad)

print(finite_grads)
assert all(abs(g - e) < 1e-6 for g, e in zip(finite_grads, [2, 4, 6], strict=True))  # markdown-exec: hide
