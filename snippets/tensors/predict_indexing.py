grid = torch.arange(12).reshape(3, 4)  # 0부터 11까지, 3행 4열
print(grid)
for code in ["grid[1]", "grid[:, 1]", "grid[1:, 2]", "grid[-1, -1]"]:
    picked = eval(code)
    print(f"{code:<13} 형태 {tuple(picked.shape)!s:<6} 값 {picked.tolist()}")
assert grid[1].tolist() == [4, 5, 6, 7] and grid[:, 1].tolist() == [1, 5, 9]  # markdown-exec: hide
assert grid[1:, 2].tolist() == [6, 10] and grid[-1, -1].shape == () and grid[-1, -1].item() == 11  # markdown-exec: hide
