def square(x):
    return x**2


for x in [3.000, 3.001]:
    print(f"x = {x:.3f}   y = {square(x):.6f}")

step = 0.001
change = square(3.000 + step) - square(3.000)
print("y의 변화:", round(change, 6))
print("y의 변화 / x의 변화:", round(change / step, 3))
assert round(change, 3) == 0.006  # markdown-exec: hide
assert round(change / step, 3) == 6.001  # markdown-exec: hide
