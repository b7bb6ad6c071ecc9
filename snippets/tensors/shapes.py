x0 = torch.tensor(3.0)
x1 = torch.tensor([1.0, 2.0, 3.0])
x2 = torch.tensor([
    [1.0, 2.0, 3.0],
    [4.0, 5.0, 6.0],
])

print(x0.shape)
print(x1.shape)
print(x2.shape)
print("축의 개수(ndim):", x0.ndim, x1.ndim, x2.ndim)
assert (x0.shape, x1.shape, x2.shape) == ((), (3,), (2, 3))  # markdown-exec: hide
assert (x0.ndim, x1.ndim, x2.ndim) == (0, 1, 2)  # markdown-exec: hide
