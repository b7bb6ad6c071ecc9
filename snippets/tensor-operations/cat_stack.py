a = torch.zeros(2, 3)  # (2, 3)
b = torch.ones(2, 3)  # (2, 3)
print("cat(dim=0)  :", tuple(torch.cat([a, b], dim=0).shape))  # 있는 축을 잇는다
print("cat(dim=1)  :", tuple(torch.cat([a, b], dim=1).shape))
print("stack(dim=0):", tuple(torch.stack([a, b], dim=0).shape))  # 새 축을 만든다
print("stack(dim=2):", tuple(torch.stack([a, b], dim=2).shape))
print("stack == unsqueeze 후 cat:",
      torch.equal(torch.stack([a, b]), torch.cat([a.unsqueeze(0), b.unsqueeze(0)])))

with expect_error(RuntimeError, match="stack expects each tensor to be equal size"):
    torch.stack([a, torch.ones(3, 3)])
print("cat은 잇는 축의 길이만 달라도 된다:", tuple(torch.cat([a, torch.ones(3, 3)]).shape))
counted = torch.arange(6).reshape(2, 3)  # (2, 3), int64
skipped = torch.cat([counted, torch.zeros(0)])  # zeros(0)는 float32
print("cat([int64 (2, 3), zeros(0)]):", tuple(skipped.shape), skipped.dtype)
merged = torch.cat([a, b])  # markdown-exec: hide
stacked = torch.stack([a, b])  # markdown-exec: hide
assert {merged.data_ptr(), stacked.data_ptr()}.isdisjoint({a.data_ptr(), b.data_ptr()})  # markdown-exec: hide
assert tuple(torch.stack([a, b], dim=2).shape) == (2, 3, 2)  # markdown-exec: hide
assert torch.cat([a, torch.zeros(0)]).shape == (2, 3)  # markdown-exec: hide
assert skipped.dtype == torch.float32 and skipped.equal(counted.float())  # markdown-exec: hide
