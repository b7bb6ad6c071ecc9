from labs.deep_learning_pytorch.pytorch_basics.solutions.manual_sgd import fit_line

x = torch.linspace(-1, 1, 20)  # (N,)
y = 2 * x + 1  # 기울기 2, 절편 1인 직선
losses = fit_line(x, y, lr=0.1, steps=50)
print("손실 step 0, 10, 49:", [round(losses[k], 4) for k in (0, 10, 49)])
assert [round(losses[k], 4) for k in (0, 10, 49)] == [2.4737, 0.3304, 0.0008]  # markdown-exec: hide
assert all(a > b for a, b in zip(losses, losses[1:], strict=False))  # markdown-exec: hide
