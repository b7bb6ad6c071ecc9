def islands_swapped_bounds(grid):
    """실수: 행 범위에 열 수를, 열 범위에 행 수를 쓴다. 정사각형 격자에서는 드러나지 않는다."""
    rows, cols = len(grid), len(grid[0])
    seen = set()
    islands = 0
    for sr in range(rows):
        for sc in range(cols):
            if grid[sr][sc] != "1" or (sr, sc) in seen:
                continue
            islands += 1
            seen.add((sr, sc))
            queue = deque([(sr, sc)])
            while queue:
                row, col = queue.popleft()
                for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                    if 0 <= r < cols and 0 <= c < rows and grid[r][c] == "1" \
                            and (r, c) not in seen:
                        seen.add((r, c))
                        queue.append((r, c))
    return islands


square = [list("110"), list("010"), list("001")]
wide = [list("111"), list("000")]  # 2행 3열: 섬 하나
print("정사각형 3×3:", islands_swapped_bounds(square), "개, 올바른 답", num_islands(square), "개")
print("직사각형 2×3:", islands_swapped_bounds(wide), "개, 올바른 답", num_islands(wide), "개")
assert islands_swapped_bounds(square) == num_islands(square) == 2  # markdown-exec: hide
assert (islands_swapped_bounds(wide), num_islands(wide)) == (2, 1)  # markdown-exec: hide
