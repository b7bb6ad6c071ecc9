n = len(x)
chunks = list(zip(x.split(2), target.split(2), strict=True))  # 크기 2, 2, 1
print("마이크로배치 크기:", [len(xb) for xb, _ in chunks])

model.zero_grad()
for xb, tb in chunks:
    (F.cross_entropy(model(xb), tb) / len(chunks)).backward()  # 개수로만 나눔
by_count = grads_of(model)

model.zero_grad()
for xb, tb in chunks:
    (F.cross_entropy(model(xb), tb) * len(xb) / n).backward()  # 샘플 수로 가중
by_size = grads_of(model)

print("개수로 나눈 누적과 큰 배치의 차이 :", (by_count - big_batch).abs().max().item())
print("크기로 가중한 누적과 큰 배치의 차이:", (by_size - big_batch).abs().max().item())
assert torch.allclose(by_size, big_batch, atol=1e-6)  # markdown-exec: hide
assert (by_count - big_batch).abs().max().item() > 0.01  # markdown-exec: hide
