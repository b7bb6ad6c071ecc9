both = torch.tensor(3.0, requires_grad=True)
(both * both).backward()
one = torch.tensor(3.0, requires_grad=True)
(one * one.detach()).backward()  # 한쪽 인수만 기록에서 뗀다
print("x * x          의 기울기:", both.grad.item())
print("x * x.detach() 의 기울기:", one.grad.item())
assert both.grad.item() == 6.0 and one.grad.item() == 3.0  # markdown-exec: hide
assert (one * one.detach()).item() == 9.0  # markdown-exec: hide
