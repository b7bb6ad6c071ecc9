optimizer = torch.optim.SGD(model.parameters(), lr=1.0)
weight_before = model.weight.detach().clone()

optimizer.zero_grad()  # 1. 지난 기울기 비우기
loss = F.cross_entropy(model(x), target)  # 2. forward: 손실 계산
loss.backward()  # 3. 역전파: .grad 채우기
weight_grad = model.weight.grad.clone()
optimizer.step()  # 4. 갱신: p <- p - lr * p.grad

print("weight.grad:", weight_grad, sep="\n")
print(
    "새 weight가 weight - lr * grad와 정확히 같은가:",
    torch.equal(model.weight.detach(), weight_before - 1.0 * weight_grad),
)
with torch.no_grad():
    new_loss = F.cross_entropy(model(x), target)
print(f"손실: {loss.item():.4f} -> {new_loss.item():.4f}")
assert torch.equal(model.weight.detach(), weight_before - weight_grad)  # markdown-exec: hide
assert round(loss.item(), 4) == 2.0207 and new_loss.item() < loss.item()  # markdown-exec: hide
