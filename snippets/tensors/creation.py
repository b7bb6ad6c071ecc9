a = torch.tensor([1, 2, 3])
b = torch.zeros(2, 3)
c = torch.ones(2, 3)
d = torch.randn(2, 3)
e = torch.arange(0, 10)

print(a)
print(b)
print(c)
print(d)
print(e)
assert e.tolist() == list(range(10)) and a.dtype == torch.int64  # markdown-exec: hide
