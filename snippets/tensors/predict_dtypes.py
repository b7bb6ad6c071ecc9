for code in ["torch.arange(5)", "torch.arange(0, 1, 0.25)", "torch.tensor([1, 2]) / 2",
             "torch.tensor([1, 2]) // 2", "torch.zeros(2, dtype=torch.int64) + 0.5"]:
    print(f"{code:<42} -> {eval(code).dtype}")
assert torch.arange(5).dtype == torch.int64 and torch.arange(0, 1, 0.25).dtype == torch.float32  # markdown-exec: hide
assert (torch.tensor([1, 2]) / 2).dtype == torch.float32 and (torch.tensor([1, 2]) // 2).dtype == torch.int64  # markdown-exec: hide
assert (torch.zeros(2, dtype=torch.int64) + 0.5).dtype == torch.float32  # markdown-exec: hide
