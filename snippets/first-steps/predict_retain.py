base = torch.tensor(3.0, requires_grad=True)
shifted = base - 5  # 뺄셈: 저장할 값이 없다
shifted.backward()
shifted.backward()
shifted.backward()
print("base - 5로 세 번:", base.grad)
assert base.grad.item() == 3.0  # markdown-exec: hide
