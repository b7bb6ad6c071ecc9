features = torch.tensor([1.0, 2.0, 3.0])
w = torch.tensor([1.0, -1.0, 0.5], requires_grad=True)
b = torch.tensor(0.2, requires_grad=True)

loss = (features @ w + b) ** 2  # (0.5 + 0.2)^2
grad_w, grad_b = torch.autograd.grad(loss, (w, b))
print("loss  :", loss.item())
print("grad_w:", grad_w)
print("grad_b:", grad_b)
print("w.grad:", w.grad, "| b.grad:", b.grad)
assert torch.allclose(grad_w, torch.tensor([1.4, 2.8, 4.2]))  # markdown-exec: hide
assert abs(grad_b.item() - 1.4) < 1e-6  # markdown-exec: hide
assert w.grad is None and b.grad is None  # markdown-exec: hide
inner = features @ w + b  # markdown-exec: hide
inner.retain_grad()  # markdown-exec: hide
torch.autograd.grad(inner**2, w)  # markdown-exec: hide
assert abs(inner.grad.item() - 1.4) < 1e-6 and w.grad is None  # markdown-exec: hide
