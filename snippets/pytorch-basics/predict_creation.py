print("torch.linspace(0, 1, 5):", torch.linspace(0, 1, 5).tolist())
print("torch.arange(1, 10, 3) :", torch.arange(1, 10, 3).tolist())
print("torch.eye(3).sum()     :", torch.eye(3).sum().item())
quarters = torch.arange(0, 1, 0.25)
print("torch.arange(0, 1, 0.25):", quarters.tolist(), quarters.dtype)
assert torch.linspace(0, 1, 5).tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]  # markdown-exec: hide
assert torch.arange(1, 10, 3).tolist() == [1, 4, 7]  # markdown-exec: hide
assert torch.eye(3).sum().item() == 3.0  # markdown-exec: hide
assert torch.arange(0, 1, 0.25).tolist() == [0.0, 0.25, 0.5, 0.75]  # markdown-exec: hide
assert torch.arange(0, 1, 0.25).dtype == torch.float32  # markdown-exec: hide
tenths = torch.arange(1, 1.3, 0.1)  # 간격 0.1은 2진 부동소수점으로 정확히 나타낼 수 없다
print("torch.arange(1, 1.3, 0.1):", tenths, "원소", len(tenths), "개")
ones_step = torch.arange(1.2, 2.2, 1)  # 간격은 정수 1이지만 양 끝은 소수
print("torch.arange(1.2, 2.2, 1):", ones_step, "원소", len(ones_step), "개")
print("torch.linspace(1, 1.2, 3):", torch.linspace(1, 1.2, 3))
assert len(tenths) == 4 and abs(tenths[-1].item() - 1.3) < 1e-6  # markdown-exec: hide
assert len(ones_step) == 2 and abs(ones_step[-1].item() - 2.2) < 1e-6  # markdown-exec: hide
assert 2.2 - 1.2 == 1.0000000000000002 and (1.3 - 1) / 0.1 > 3  # markdown-exec: hide
assert torch.allclose(torch.linspace(1, 1.2, 3), torch.tensor([1, 1.1, 1.2]))  # markdown-exec: hide
assert torch.arange(0, 1000, 1).dtype == torch.int64  # markdown-exec: hide
assert torch.arange(0, 1000, 1, dtype=torch.bfloat16)[-1].item() == 1000.0  # markdown-exec: hide
assert torch.arange(250, 260, 3, dtype=torch.uint8).tolist() == [250, 253, 0, 3]  # markdown-exec: hide
assert torch.arange(0, 2**53 + 1, 2**53).tolist() == [0, 2**53]  # markdown-exec: hide
assert torch.arange(0, 2**53 + 1, 2**53, dtype=torch.float64).tolist() == [0.0]  # markdown-exec: hide
assert torch.arange(4090, 4100, 1, dtype=torch.float16)[-1].item() == 4100.0  # markdown-exec: hide
