loss.backward()
print("w.grad =", w.grad.tolist())
print("b.grad =", b.grad.tolist())
assert w.grad.tolist() == [2.0, -20.0, 10.0]  # markdown-exec: hide
assert b.grad.tolist() == [2.0, -12.0, 2.0]  # markdown-exec: hide

with torch.no_grad():                                     # 손 유도식을 그대로 계산한다
    residual = X * w + b                                  # (2, 3)
    w_by_hand = (2 * residual * X).sum(0)                 # 배치 축(0)으로 합
    b_by_hand = (2 * residual).sum(0)                     # 브로드캐스팅된 축으로 합
print("손 유도: w", w_by_hand.tolist(), "| b", b_by_hand.tolist())
assert torch.equal(w_by_hand, w.grad) and torch.equal(b_by_hand, b.grad)  # markdown-exec: hide

loss_again = ((X * w + b) ** 2).sum()                    # 같은 손실을 다시 계산해
loss_again.backward()                                     # zero_grad 없이 한 번 더
print("두 번째 backward 뒤 w.grad =", w.grad.tolist())
assert w.grad.tolist() == [4.0, -40.0, 20.0]  # markdown-exec: hide
