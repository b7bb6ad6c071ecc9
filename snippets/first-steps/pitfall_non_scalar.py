x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x**2  # (2,)

with expect_error(RuntimeError, match="only for scalar outputs"):
    y.backward()

y.sum().backward()  # 고친 코드: 출력을 숫자 하나로 모은다
print("x.grad:", x.grad)
assert x.grad.tolist() == [2.0, 4.0]  # markdown-exec: hide
