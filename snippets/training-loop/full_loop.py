model = make_model()
optimizer = torch.optim.SGD(model.parameters(), lr=1.0)
history = []  # (단계, 학습 손실, 평가 손실, 맞힌 수, 정답 확률의 최솟값)

for step in range(150):
    model.train()
    optimizer.zero_grad()
    loss = F.cross_entropy(model(x), target)
    loss.backward()
    optimizer.step()

    model.eval()
    with torch.no_grad():
        logits = model(x)
        eval_loss = F.cross_entropy(logits, target)
        correct = (logits.argmax(dim=1) == target).sum()
        target_prob = logits.softmax(dim=1)[torch.arange(5), target]  # (5,)
    history.append(
        (step, loss.item(), eval_loss.item(), correct.item(), target_prob.min().item())
    )  # 숫자만 기록

print(f"{'step':>4} {'train_loss':>10} {'eval_loss':>10} {'correct':>8} {'min_p':>7}")
shown = sorted({*range(0, 150, 25), 86, 87, 88, 149})  # 단계 순서로
for step, train_loss, val_loss, hits, min_p in (history[s] for s in shown):
    print(f"{step:>4} {train_loss:>10.4f} {val_loss:>10.4f} {hits:>6}/5 {min_p:>7.4f}")
first_perfect = next(step for step, *_, hits, _ in history if hits == 5)
print("처음으로 5개를 모두 맞힌 단계:", first_perfect)
assert round(history[0][1], 4) == 2.0207  # markdown-exec: hide
assert first_perfect == 88 and history[-1][3] == 5  # markdown-exec: hide
assert history[87][4] < 0.5 < history[88][4]  # markdown-exec: hide
assert all(type(v) is float for row in history for v in row[1:3])  # markdown-exec: hide
assert round(history[0][2], 4) == 0.9380  # markdown-exec: hide
assert all(vl < tl for _, tl, vl, _, _ in history)  # markdown-exec: hide
assert all(history[s][2] == history[s + 1][1] for s in range(149))  # markdown-exec: hide
assert history[-1][1] - history[-1][2] < 0.001  # markdown-exec: hide
gaps = [tl - vl for _, tl, vl, _, _ in history]  # markdown-exec: hide
assert max(range(150), key=gaps.__getitem__) == 0  # markdown-exec: hide
assert history[0][2] < history[0][1] / 2 and history[3][1] < 0.61  # markdown-exec: hide
assert history[25][1] < 0.5 and history[25][3] == 4  # markdown-exec: hide
