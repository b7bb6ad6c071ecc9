x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x * 2
h.retain_grad()
h.register_hook(lambda grad: grad.clamp(max=5.0))  # 돌려준 텐서가 기울기를 대신한다

(h**2).sum().backward()
print("h.grad:", h.grad)
print("x.grad:", x.grad)
assert torch.equal(h.grad, torch.tensor([4.0, 5.0, 5.0]))  # markdown-exec: hide
assert torch.equal(x.grad, torch.tensor([8.0, 10.0, 10.0]))  # markdown-exec: hide
