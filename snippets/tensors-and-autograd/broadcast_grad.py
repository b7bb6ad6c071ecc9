loss.backward()
print("w.grad =", w.grad.tolist())
print("b.grad =", b.grad.tolist())
assert w.grad.tolist() == [2.0, -20.0, 10.0]  # markdown-exec: hide
assert b.grad.tolist() == [2.0, -12.0, 2.0]  # markdown-exec: hide

with torch.no_grad():                                     # 손 유도식을 그대로 계산한다
    residual = X * w + b                                  # (2, 3)
    w_by_hand = (2 * residual * X).sum(0)                 # batch 축(0)으로 합
    b_by_hand = (2 * residual).sum(0)                     # broadcast된 축으로 합
print("손 유도: w", w_by_hand.tolist(), " b", b_by_hand.tolist())
assert torch.equal(w_by_hand, w.grad) and torch.equal(b_by_hand, b.grad)  # markdown-exec: hide
