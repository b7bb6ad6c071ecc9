from bookkit.show import expect_error

numbers = torch.arange(24)
print("reshape(2, -1, 4):", tuple(numbers.reshape(2, -1, 4).shape))
print("reshape(4, -1)   :", tuple(numbers.reshape(4, -1).shape))
print("reshape(-1, 1)   :", tuple(numbers.reshape(-1, 1).shape))
with expect_error(RuntimeError, match="invalid for input of size 24"):
    numbers.reshape(5, -1)
with expect_error(RuntimeError, match="only one dimension can be inferred"):
    numbers.reshape(-1, -1)
assert numbers.reshape(2, -1, 4).shape == (2, 3, 4) and numbers.reshape(4, -1).shape == (4, 6)  # markdown-exec: hide
