def cubic_plus(t):
    return t**3 + 2 * t  # x = 2에서 정확한 기울기는 14


at = torch.tensor(2.0)  # float32
estimates = []
for step in (1e-2, 1e-4, 1e-6):
    estimates.append(((cubic_plus(at + step) - cubic_plus(at - step)) / (2 * step)).item())
    print(f"h = {step:.0e}: {estimates[-1]:.6f}")
assert abs(estimates[0] - 14) < 1e-3 and round(estimates[2], 2) == 13.35  # markdown-exec: hide
assert abs(estimates[0] - 14) < abs(estimates[1] - 14) < abs(estimates[2] - 14)  # markdown-exec: hide
assert all(abs(e - 14) > 1e-6 for e in estimates)  # markdown-exec: hide
