x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x * 2  # 중간 텐서 (리프가 아님)
h.retain_grad()  # 역전파 뒤 h.grad를 남긴다
seen = []
handle = h.register_hook(lambda grad: seen.append(grad.clone()))  # 지나가는 기울기를 본다

(h**2).sum().backward()
print("seen[0] =", seen[0], " (hook이 본 기울기)")
print("h.grad  =", h.grad)
print("x.grad  =", x.grad)
handle.remove()  # 더는 필요 없는 hook은 뗀다
assert torch.equal(seen[0], torch.tensor([4.0, 8.0, 12.0]))  # markdown-exec: hide
assert torch.equal(h.grad, seen[0])  # markdown-exec: hide
assert torch.equal(x.grad, torch.tensor([8.0, 16.0, 24.0]))  # markdown-exec: hide
