def grads_of(model):
    return torch.cat([p.grad.flatten() for p in model.parameters()])  # (8,): weight 6 + bias 2


model = make_model()
F.cross_entropy(model(x), target).backward()  # 큰 배치 하나: 5개의 평균 손실
big_batch = grads_of(model)

k = 5  # 마이크로배치 수 (샘플 하나씩)
model.zero_grad()
for xb, tb in zip(x.split(1), target.split(1), strict=True):
    loss = F.cross_entropy(model(xb), tb) / k  # k로 나누어 더하면 평균이 된다
    loss.backward()  # .grad에 누적
accumulated = grads_of(model)

model.zero_grad()
for xb, tb in zip(x.split(1), target.split(1), strict=True):
    F.cross_entropy(model(xb), tb).backward()  # 나누기를 잊은 경우
forgot = grads_of(model)

print("큰 배치:", [round(v, 4) for v in big_batch.tolist()])
print("loss / k 누적:", [round(v, 4) for v in accumulated.tolist()])
print("가장 큰 차이:", (accumulated - big_batch).abs().max().item())
print("나누지 않은 누적 / 큰 배치:", (forgot / big_batch).mean().item())
assert torch.allclose(accumulated, big_batch, atol=1e-6)  # markdown-exec: hide
assert torch.allclose(forgot, k * big_batch, atol=1e-5)  # markdown-exec: hide
assert round((forgot / big_batch).mean().item(), 4) == 5.0  # markdown-exec: hide
