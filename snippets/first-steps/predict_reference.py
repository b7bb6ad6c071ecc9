policy = torch.tensor(1.5, requires_grad=True)  # 학습하는 쪽
anchor = torch.tensor(1.0, requires_grad=True)  # 고정해 둘 기준 쪽
with torch.no_grad():
    anchor_out = anchor * 2.0  # 2.0
penalty = (policy * 2.0 - anchor_out) ** 2  # (3 - 2)² = 1
penalty.backward()
print("penalty:", penalty.item())
print("policy.grad:", policy.grad, " anchor.grad:", anchor.grad)
assert penalty.item() == 1.0 and policy.grad.item() == 4.0 and anchor.grad is None  # markdown-exec: hide
