x = torch.tensor(3.0, requires_grad=True)
learning_rate = 0.1
history = []  # (단계, 갱신 전 x, 손실, 기울기, 갱신 후 x)

for step in range(5):
    if x.grad is not None:
        x.grad.zero_()
    x_before = x.item()
    loss = x**2
    loss.backward()
    with torch.no_grad():  # 갱신 자체는 그래프에 기록하지 않는다
        x -= learning_rate * x.grad
    print(step, "x =", round(x.item(), 4), "loss =", round(loss.item(), 4))
    history.append((step, x_before, loss.item(), x.grad.item(), x.item()))

xs_after = [round(row[4], 4) for row in history]  # markdown-exec: hide
losses = [round(row[2], 4) for row in history]  # markdown-exec: hide
assert xs_after == [2.4, 1.92, 1.536, 1.2288, 0.983], xs_after  # markdown-exec: hide
assert losses == [9.0, 5.76, 3.6864, 2.3593, 1.5099], losses  # markdown-exec: hide
assert all(abs(row[4] - 3 * 0.8 ** (row[0] + 1)) < 1e-5 for row in history)  # markdown-exec: hide
