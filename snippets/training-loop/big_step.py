big = make_model()  # 같은 출발점, 학습률만 5.0
big_optimizer = torch.optim.SGD(big.parameters(), lr=5.0)
before = F.cross_entropy(big(x), target)
before.backward()
big_optimizer.step()
with torch.no_grad():
    after = F.cross_entropy(big(x), target)
print(f"lr=5.0 한 걸음: {before.item():.4f} -> {after.item():.4f}")
assert round(before.item(), 4) == 2.0207 and round(after.item(), 4) == 2.9900  # markdown-exec: hide
