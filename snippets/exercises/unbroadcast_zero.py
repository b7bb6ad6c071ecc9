import torch

one = torch.ones(1, requires_grad=True)  # (1,)
empty = torch.ones(0)  # (0,)
total = one + empty  # (1,)이 (0,)으로 브로드캐스팅된다
print("(1,) + (0,) ->", tuple(total.shape))
total.sum().backward()
print("one.grad:", one.grad, "| 0개를 합한 값:", torch.zeros(0).sum(dim=0, keepdim=True))
assert tuple(total.shape) == (0,) and one.grad.tolist() == [0.0]  # markdown-exec: hide
