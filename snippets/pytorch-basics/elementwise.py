a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([4.0, 5.0, 6.0])

print(a + b)  # 원소별 덧셈
print(a * b)  # 원소별 곱 (행렬 곱이 아니다)
inner = torch.matmul(a.unsqueeze(0), b.unsqueeze(1))  # (1, 3) @ (3, 1) -> (1, 1)
print(inner)
assert (a + b).tolist() == [5.0, 7.0, 9.0]  # markdown-exec: hide
assert (a * b).tolist() == [4.0, 10.0, 18.0]  # markdown-exec: hide
assert inner.tolist() == [[32.0]]  # markdown-exec: hide
