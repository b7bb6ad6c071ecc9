from bookkit.show import expect_error

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
squares = x**2  # (3,) : 출력이 세 개
print("squares.shape:", squares.shape)

with expect_error(RuntimeError, match="only for scalar outputs"):
    squares.backward()

# 원소가 하나뿐이면 축이 있어도 된다
one = torch.tensor([2.0], requires_grad=True)  # (1,)
(one * 3).backward()
print("형태 (1,)인 출력에서 backward() 뒤 one.grad:", one.grad)
assert one.grad.tolist() == [3.0]  # markdown-exec: hide
