# 1. zero_grad()를 빠뜨린다: .grad가 단계마다 쌓인다
model = make_model()
optimizer = torch.optim.SGD(model.parameters(), lr=0.0)  # 값은 그대로 두고 기울기만 본다
norms = []
for _ in range(3):
    F.cross_entropy(model(x), target).backward()  # optimizer.zero_grad() 없음
    optimizer.step()
    norms.append(round(grads_of(model).norm().item(), 4))
print("1. zero_grad 없이 세 단계의 기울기 노름:", norms)

# 2. eval()만 부르고 no_grad를 잊는다: 평가 손실이 그래프를 붙잡는다
model.eval()
val_loss = F.cross_entropy(model(x), target)
print("2. eval()만 쓴 평가 손실:", val_loss)

# 3. 기록에 텐서를 넣는다: 목록이 단계마다 그래프를 하나씩 붙잡는다
log = [F.cross_entropy(model(x), target) for _ in range(3)]
print("3. 텐서로 기록:", [type(v.grad_fn).__name__ for v in log],
      "| .item()으로 기록:", [round(v.item(), 4) for v in log])
assert all(abs(n - 1.1286 * k) < 3e-4 for n, k in zip(norms, (1, 2, 3), strict=True))  # markdown-exec: hide
assert val_loss.requires_grad and val_loss.grad_fn is not None  # markdown-exec: hide
