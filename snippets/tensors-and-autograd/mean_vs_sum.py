gen = torch.Generator().manual_seed(0)
pool_x = torch.randn(256, 3, generator=gen)  # (N, D) 데이터
pool_y = pool_x @ torch.tensor([1.0, -1.0, 0.5]) + 2.0  # (N,) 절편 2인 목표


def bias_grad(batch_size, reduction):
    """w = 0, b = 0에서 제곱오차 손실의 b 기울기."""
    b_param = torch.zeros(1, requires_grad=True)
    pred = pool_x[:batch_size] @ torch.zeros(3) + b_param  # (B,)
    errors = (pred - pool_y[:batch_size]) ** 2
    (errors.sum() if reduction == "sum" else errors.mean()).backward()
    return b_param.grad.item()


batch_sizes = [1, 4, 16, 64, 256]
sum_grads = [bias_grad(n, "sum") for n in batch_sizes]
mean_grads = [bias_grad(n, "mean") for n in batch_sizes]
print(f"{'batch':>6} {'sum':>12} {'mean':>12} {'ratio':>7}")
for n, g_sum, g_mean in zip(batch_sizes, sum_grads, mean_grads, strict=True):
    print(f"{n:6d} {g_sum:12.3f} {g_mean:12.3f} {g_sum / g_mean:7.1f}")
for n, g_sum, g_mean in zip(batch_sizes, sum_grads, mean_grads, strict=True):  # markdown-exec: hide
    assert abs(g_sum / g_mean - n) < 1e-3 * n  # markdown-exec: hide
w_param = torch.zeros(3, requires_grad=True)  # markdown-exec: hide
w_grads = {}  # markdown-exec: hide
for reduction in ("sum", "mean"):  # markdown-exec: hide
    w_param.grad = None  # markdown-exec: hide
    w_err = (pool_x[:16] @ w_param - pool_y[:16]) ** 2  # markdown-exec: hide
    (w_err.sum() if reduction == "sum" else w_err.mean()).backward()  # markdown-exec: hide
    w_grads[reduction] = w_param.grad.clone()  # markdown-exec: hide
assert torch.allclose(w_grads["sum"], 16 * w_grads["mean"])  # markdown-exec: hide
