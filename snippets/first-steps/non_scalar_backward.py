from bookkit.show import expect_error

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
squares = x**2  # (3,) : 출력이 세 개
print("squares.shape:", squares.shape)

with expect_error(RuntimeError, match="only for scalar outputs"):
    squares.backward()
