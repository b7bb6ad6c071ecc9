def run(zero_each_step, steps=3, learning_rate=0.1):
    x = torch.tensor(3.0, requires_grad=True)
    xs, grads = [], []
    for _ in range(steps):
        if zero_each_step and x.grad is not None:
            x.grad.zero_()
        (x**2).backward()
        with torch.no_grad():
            x -= learning_rate * x.grad
        grads.append(round(x.grad.item(), 4))
        xs.append(round(x.item(), 4))
    return grads, xs


wrong_grads, wrong_xs = run(zero_each_step=False)
right_grads, right_xs = run(zero_each_step=True)
print("zero_ 없음: .grad", wrong_grads, "/ x", wrong_xs)
print("zero_ 있음: .grad", right_grads, "/ x", right_xs)
assert wrong_grads == [6.0, 10.8, 13.44] and wrong_xs == [2.4, 1.32, -0.024]  # markdown-exec: hide
assert right_grads == [6.0, 4.8, 3.84] and right_xs == [2.4, 1.92, 1.536]  # markdown-exec: hide
