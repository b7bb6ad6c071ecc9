import numpy as np

print("torch.tensor([1, 2]) + 0.5       :", (torch.tensor([1, 2]) + 0.5).dtype)
print("torch.from_numpy(np.array([1.5])):", torch.from_numpy(np.array([1.5])).dtype)
print("torch.tensor(np.array([1, 2]))   :", torch.tensor(np.array([1, 2])).dtype)
print("torch.ones(2) * np.float64(2.0)  :", (torch.ones(2) * np.float64(2.0)).dtype)
assert (torch.tensor([1, 2]) + 0.5).dtype == torch.float32  # markdown-exec: hide
assert torch.from_numpy(np.array([1.5])).dtype == torch.float64  # markdown-exec: hide
assert torch.tensor(np.array([1, 2])).dtype == torch.int64  # markdown-exec: hide
assert (torch.ones(2) * np.float64(2.0)).dtype == torch.float32  # markdown-exec: hide
