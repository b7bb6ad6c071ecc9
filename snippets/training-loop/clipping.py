from torch.nn.utils import clip_grad_norm_

model = make_model()
F.cross_entropy(model(x), target).backward()
before = grads_of(model)  # 모든 기울기를 이어 붙인 (8,) 벡터
total = torch.linalg.vector_norm(before)  # 그 벡터의 L2 노름

norm = clip_grad_norm_(model.parameters(), max_norm=0.5)  # 돌려주는 값: 자르기 전의 노름
after = grads_of(model)
print("자르기 전 노름:", round(norm.item(), 4), "| vector_norm으로 잰 값:", round(total.item(), 4))
print("자른 뒤 노름:", round(torch.linalg.vector_norm(after).item(), 4))
print("방향은 그대로인가:", torch.allclose(after, before * 0.5 / total, atol=1e-6))

norm_small = clip_grad_norm_(model.parameters(), max_norm=5.0)  # 이미 5보다 작다
print(
    "max_norm=5.0 :",
    round(norm_small.item(), 4),
    "-> 바뀌었는가:",
    not torch.equal(grads_of(model), after),
)
assert round(norm.item(), 4) == 1.1286  # markdown-exec: hide
assert abs(norm.item() - total.item()) < 1e-6  # markdown-exec: hide
assert round(torch.linalg.vector_norm(after).item(), 4) == 0.5  # markdown-exec: hide
assert torch.allclose(after, before * 0.5 / total, atol=1e-6)  # markdown-exec: hide
assert torch.equal(grads_of(model), after)  # markdown-exec: hide
assert round(norm_small.item(), 4) == 0.5  # markdown-exec: hide

edge = torch.zeros(2, requires_grad=True)
edge.grad = torch.tensor([3.0, 4.0])  # 노름이 max_norm과 같은 5
clip_grad_norm_([edge], max_norm=5.0)  # 비율 5 / (5 + 1e-6)은 1보다 아주 조금 작다
print("노름 5, max_norm=5.0:", [f"{v:.7f}" for v in edge.grad.tolist()])
assert [f"{v:.7f}" for v in edge.grad.tolist()] == ["2.9999993", "3.9999990"]  # markdown-exec: hide
