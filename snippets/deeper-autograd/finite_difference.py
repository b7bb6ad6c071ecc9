def tanh_sum(x):  # (3,) -> (3,): f_i(x) = tanh(x_i) * sum_k x_k
    return torch.tanh(x) * x.sum()


x = torch.tensor([0.1, -0.2, 0.3], dtype=torch.float64)
eps = 1e-6
numerical = torch.stack([
    (tanh_sum(x + eps * e) - tanh_sum(x - eps * e)) / (2 * eps)  # 입력 j를 움직인 중심 차분
    for e in torch.eye(3, dtype=torch.float64)
], dim=1)  # 열 j = 입력 j에 대한 변화
analytical = jacobian(tanh_sum, x)
print("중심 차분:", numerical, sep="\n")
print("가장 큰 차이:", (numerical - analytical).abs().max().item())
assert (numerical - analytical).abs().max().item() < 1e-8  # markdown-exec: hide
