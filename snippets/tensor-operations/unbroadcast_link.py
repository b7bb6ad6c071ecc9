bias = torch.zeros(1, 3, requires_grad=True)  # (1, 3)
out = torch.ones(2, 4, 3) * 2 + bias  # (2, 4, 3): 앞에 한 축이 생기고, 크기 1인 축이 4로 늘어남
out.sum().backward()
upstream = torch.ones(2, 4, 3)  # out.sum()에서 out으로 오는 기울기
by_hand = upstream.sum(dim=0).sum(dim=0, keepdim=True)  # 새 축은 없애고, 늘어난 축은 1로 남긴다
print("bias.grad:", bias.grad, tuple(bias.grad.shape))
print("손으로 줄인 값:", by_hand, tuple(by_hand.shape))
assert torch.equal(bias.grad, by_hand) and bias.grad.tolist() == [[8.0, 8.0, 8.0]]  # markdown-exec: hide
