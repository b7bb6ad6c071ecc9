x = torch.tensor(2.0, requires_grad=True)
z = x * 3  # 중간 결과(리프 텐서가 아님)
y = z**2
y.backward()

print("x.grad:", x.grad)  # 리프 텐서: 채워진다
z_grad = z.grad  # 중간 텐서: None, 그리고 경고
print("z.grad:", z_grad)
assert x.grad.item() == 36.0 and z_grad is None  # markdown-exec: hide
