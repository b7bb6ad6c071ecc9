inputs = torch.tensor([1.0, 2.0, 3.0])  # (3,)
policy_weight = torch.tensor(1.5, requires_grad=True)  # 학습하는 모델
reference_weight = torch.tensor(1.0, requires_grad=True)  # 고정해 둘 기준 모델

with torch.no_grad():
    reference_out = reference_weight * inputs  # 기준 출력: 기록하지 않는다
policy_out = policy_weight * inputs

# 학습하는 모델이 기준에서 너무 멀어지지 않게 하는 벌점
penalty = ((policy_out - reference_out) ** 2).mean()
penalty.backward()

print("벌점:", penalty.item())
print("policy_weight.grad:", policy_weight.grad)
print("reference_weight.grad:", reference_weight.grad)
assert abs(policy_weight.grad.item() - 14 / 3) < 1e-6  # markdown-exec: hide
assert reference_weight.grad is None  # markdown-exec: hide
