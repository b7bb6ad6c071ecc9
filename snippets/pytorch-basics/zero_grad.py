torch.manual_seed(0)
model = nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
inputs, target = torch.tensor([[1.0, 2.0]]), torch.tensor([[1.0]])


def weight_grad_after_backward(zero_first: bool) -> torch.Tensor:
    if zero_first:
        optimizer.zero_grad()
    loss = ((model(inputs) - target) ** 2).mean()
    loss.backward()
    return model.weight.grad.clone()


optimizer.zero_grad()
once = weight_grad_after_backward(zero_first=False)
twice = weight_grad_after_backward(zero_first=False)  # zero_grad를 잊었다
fresh = weight_grad_after_backward(zero_first=True)
print("한 번 backward    :", once)
print("zero_grad 없이 또 :", twice, "← 두 배")
print("zero_grad 후      :", fresh)
assert torch.allclose(twice, 2 * once) and torch.allclose(fresh, once)  # markdown-exec: hide
