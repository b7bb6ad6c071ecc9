def fill_forget_start(image, sr, sc, color):
    """실수: 이웃만 칠하고 시작 칸은 칠하지 않는다."""
    original = image[sr][sc]
    if original == color:
        return image
    rows, cols = len(image), len(image[0])
    queue = deque([(sr, sc)])
    while queue:
        row, col = queue.popleft()
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < rows and 0 <= c < cols and image[r][c] == original:
                image[r][c] = color
                queue.append((r, c))
    return image


lonely = [[1, 0], [0, 1]]  # 시작 칸 (0, 0)이 혼자인 영역
print("시작 칸을 잊음:", fill_forget_start([row[:] for row in lonely], 0, 0, 2))
print("올바른 답:", flood_fill([row[:] for row in lonely], 0, 0, 2))
pair = [[1, 1], [0, 0]]  # 영역이 두 칸이면 이웃을 거쳐 시작 칸도 칠해져 버그가 숨는다
print("두 칸 영역:", fill_forget_start([row[:] for row in pair], 0, 0, 2))
assert fill_forget_start([row[:] for row in lonely], 0, 0, 2) == [[1, 0], [0, 1]]  # markdown-exec: hide
assert fill_forget_start([row[:] for row in pair], 0, 0, 2) == [[2, 2], [0, 0]]  # markdown-exec: hide
assert flood_fill([row[:] for row in lonely], 0, 0, 2) == [[2, 0], [0, 1]]  # markdown-exec: hide
