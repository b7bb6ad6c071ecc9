from collections import deque


def fill_no_bounds(image, sr, sc, color):
    """실수: 범위 검사를 하지 않는다."""
    original = image[sr][sc]
    image[sr][sc] = color
    queue = deque([(sr, sc)])
    while queue:
        row, col = queue.popleft()
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if image[r][c] == original:
                image[r][c] = color
                queue.append((r, c))
    return image


def fill_upper_bounds_only(image, sr, sc, color):
    """실수: 큰 쪽 끝만 검사한다. 음수 인덱스는 파이썬에서 뒤에서부터 센다."""
    original = image[sr][sc]
    rows, cols = len(image), len(image[0])
    image[sr][sc] = color
    queue = deque([(sr, sc)])
    while queue:
        row, col = queue.popleft()
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if r < rows and c < cols and image[r][c] == original:
                image[r][c] = color
                queue.append((r, c))
    return image


with expect_error(IndexError):  # 아래 끝(행 2)을 넘는다
    fill_no_bounds([[1, 1], [1, 1]], 1, 1, 2)
image = [[1, 0], [0, 0], [1, 0]]  # (0, 0)의 1은 혼자 떨어진 영역
print("검사 없음:", fill_no_bounds([row[:] for row in image], 0, 0, 2))  # 오류 없이 틀린다
print("큰 쪽 끝만 검사:", fill_upper_bounds_only([row[:] for row in image], 0, 0, 2))
print("올바른 답:", flood_fill([row[:] for row in image], 0, 0, 2))
wrong, right = [[2, 0], [0, 0], [2, 0]], [[2, 0], [0, 0], [1, 0]]  # markdown-exec: hide
assert fill_no_bounds([row[:] for row in image], 0, 0, 2) == wrong  # markdown-exec: hide
assert fill_upper_bounds_only([row[:] for row in image], 0, 0, 2) == wrong  # markdown-exec: hide
assert flood_fill([row[:] for row in image], 0, 0, 2) == right  # markdown-exec: hide
