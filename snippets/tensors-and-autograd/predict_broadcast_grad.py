row_bias = torch.zeros(3, requires_grad=True)  # (3,): 네 행에 브로드캐스팅된다
(torch.ones(4, 3) * 2 + row_bias).sum().backward()
print("sum 손실 :", row_bias.grad)
assert row_bias.grad.tolist() == [4.0, 4.0, 4.0]  # markdown-exec: hide
row_bias.grad = None
(torch.ones(4, 3) * 2 + row_bias).mean().backward()
print("mean 손실:", row_bias.grad)
assert torch.allclose(row_bias.grad, torch.full((3,), 1 / 3))  # markdown-exec: hide
