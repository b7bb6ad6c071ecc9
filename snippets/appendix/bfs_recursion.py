import sys

from bookkit.show import expect_error


def fill_recursive(image, r, c, original, color):
    """재귀 DFS: 영역이 크면 호출이 칸 수만큼 깊어진다."""
    if not (0 <= r < len(image) and 0 <= c < len(image[0])) or image[r][c] != original:
        return
    image[r][c] = color
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        fill_recursive(image, r + dr, c + dc, original, color)


print("재귀 한도:", sys.getrecursionlimit())
with expect_error(RecursionError):
    fill_recursive([[0] * 1000 for _ in range(1000)], 0, 0, 0, 1)
big = flood_fill([[0] * 1000 for _ in range(1000)], 0, 0, 1)
print("deque BFS는 1000×1000을 모두 칠한다:", all(v == 1 for row in big for v in row))
assert sys.getrecursionlimit() == 1000  # markdown-exec: hide
assert all(v == 1 for row in big for v in row)  # markdown-exec: hide
