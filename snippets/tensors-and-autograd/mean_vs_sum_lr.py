lr, n = 0.1, 64
step_mean = -lr * bias_grad(n, "mean")                     # SGD 한 걸음의 크기
step_sum = -lr * bias_grad(n, "sum")
step_sum_scaled = -(lr / n) * bias_grad(n, "sum")          # 학습률을 배치 크기로 나눔
print(f"mean, lr={lr}      : 한 걸음 {step_mean:.4f}")
print(f"sum,  lr={lr}      : 한 걸음 {step_sum:.4f} ({step_sum / step_mean:.0f}배)")
print(f"sum,  lr={lr}/{n}   : 한 걸음 {step_sum_scaled:.4f}")
assert abs(step_sum / step_mean - n) < 1e-3 * n  # markdown-exec: hide
assert abs(step_sum_scaled - step_mean) < 1e-5  # markdown-exec: hide
