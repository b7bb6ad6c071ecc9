narrow = torch.zeros(1, 3, 1)
print("squeeze()    :", tuple(narrow.squeeze().shape))
print("squeeze(0)   :", tuple(narrow.squeeze(0).shape))
print("squeeze(1)   :", tuple(narrow.squeeze(1).shape))
print("unsqueeze(-1):", tuple(narrow.unsqueeze(-1).shape))
assert narrow.squeeze().shape == (3,) and narrow.squeeze(0).shape == (3, 1)  # markdown-exec: hide
assert narrow.squeeze(1).shape == (1, 3, 1) and narrow.unsqueeze(-1).shape == (1, 3, 1, 1)  # markdown-exec: hide
