v = torch.tensor([3.0, -4.0])
print("L2 (기본):", torch.linalg.vector_norm(v))  # sqrt(3² + 4²)
print("L1:", torch.linalg.vector_norm(v, ord=1))  # |3| + |-4|
print("L∞:", torch.linalg.vector_norm(v, ord=float("inf")))  # 가장 큰 |원소|

M = torch.tensor([[3.0, 4.0], [6.0, 8.0]])  # (2, 2)
print("M 전체를 한 벡터로:", torch.linalg.vector_norm(M))  # sqrt(9 + 16 + 36 + 64)
print("dim=1 (행마다):", torch.linalg.vector_norm(M, dim=1))

# 형태가 다른 여러 텐서를 한 벡터로 이어 잰 노름 = 텐서마다 잰 노름들의 노름
parts = [torch.tensor([[1.0, 2.0], [2.0, 0.0]]), torch.tensor([4.0])]  # 노름 3, 노름 4
joined = torch.cat([p.flatten() for p in parts])  # (5,)
per_part = torch.stack([torch.linalg.vector_norm(p) for p in parts])  # (2,)
print(
    "이어 붙여 잰 노름:",
    torch.linalg.vector_norm(joined),
    "| 텐서마다 잰 노름",
    per_part,
    "의 노름:",
    torch.linalg.vector_norm(per_part),
)

with expect_error(RuntimeError, match="Expected a floating point or complex tensor"):
    torch.linalg.vector_norm(torch.tensor([3, 4]))  # 정수 텐서
assert torch.linalg.vector_norm(v).item() == 5.0  # markdown-exec: hide
assert torch.linalg.vector_norm(v, ord=1).item() == 7.0  # markdown-exec: hide
assert torch.linalg.vector_norm(v, ord=float("inf")).item() == 4.0  # markdown-exec: hide
assert round(torch.linalg.vector_norm(M).item(), 4) == 11.1803  # markdown-exec: hide
assert torch.linalg.vector_norm(M, dim=1).tolist() == [5.0, 10.0]  # markdown-exec: hide
assert per_part.tolist() == [3.0, 4.0]  # markdown-exec: hide
assert torch.linalg.vector_norm(joined).item() == 5.0  # markdown-exec: hide
assert torch.linalg.vector_norm(per_part).item() == 5.0  # markdown-exec: hide
