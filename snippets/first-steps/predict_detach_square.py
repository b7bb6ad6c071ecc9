start = torch.tensor(2.0, requires_grad=True)
middle = 3 * start  # 6
result = middle.detach() ** 2 + 5 * middle  # 이번에는 제곱 길을 끊는다
result.backward()
print("값:", result.item(), " 기울기:", start.grad.item())
assert result.item() == 66.0 and start.grad.item() == 15.0  # markdown-exec: hide
