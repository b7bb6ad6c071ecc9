from labs.algorithms.bfs.solutions import flood_fill, num_islands

image = [[1, 1, 1], [1, 1, 0], [1, 0, 1]]
print("733 예 1:", flood_fill(image, 1, 1, 2))
same_color = flood_fill([[0, 0, 0], [0, 0, 0]], 0, 0, 0)  # 새 색이 원래 색과 같다
print("733 예 2:", same_color)
grid_one = [list("11110"), list("11010"), list("11000"), list("00000")]
grid_three = [list("11000"), list("11000"), list("00100"), list("00011")]
print(f"200 예 1: {num_islands(grid_one)}, 200 예 2: {num_islands(grid_three)}")
assert image == [[2, 2, 2], [2, 2, 0], [2, 0, 1]]  # markdown-exec: hide
assert same_color == [[0, 0, 0], [0, 0, 0]]  # markdown-exec: hide
assert (num_islands(grid_one), num_islands(grid_three)) == (1, 3)  # markdown-exec: hide
