w = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)    # (3,) 리프 텐서
X = torch.tensor([[1.0, 2.0, 3.0], [0.0, 1.0, -1.0]])     # (2, 3) 입력, 기울기 불필요
b = torch.zeros(3, requires_grad=True)                    # (3,) 두 행에 브로드캐스팅된다
pred = X * w + b                                          # (2, 3)
loss = (pred ** 2).sum()                                  # 스칼라
print("loss =", loss.item())
print("grad_fn:", type(loss.grad_fn).__name__, "/ pred:", type(pred.grad_fn).__name__)
print("리프 텐서인가: w", w.is_leaf, "| X", X.is_leaf, "| X * w", (X * w).is_leaf, "| loss", loss.is_leaf)
print("requires_grad: X", X.requires_grad, "| pred", pred.requires_grad)
print("backward 전 w.grad:", w.grad)
assert loss.item() == 23.5  # markdown-exec: hide
assert type(loss.grad_fn).__name__ == "SumBackward0"  # markdown-exec: hide
assert w.is_leaf and not (X * w).is_leaf and w.grad is None  # markdown-exec: hide
assert pred.tolist() == [[1.0, -4.0, 1.5], [0.0, -2.0, -0.5]]  # markdown-exec: hide
single = torch.ones(1, 1, requires_grad=True)  # markdown-exec: hide
(single * 2).backward()  # markdown-exec: hide
assert single.grad.tolist() == [[2.0]]  # markdown-exec: hide
