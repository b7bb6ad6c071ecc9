"""격자 BFS 연습: LeetCode 733 Flood Fill, LeetCode 200 Number of Islands.

두 문제 모두 큐(``collections.deque``)로 가까운 칸부터 방문하는 반복(iterative) BFS로 푼다.
재귀를 쓰지 않으므로 1000×1000 격자처럼 한 영역이 아주 커도 스택이 넘치지 않는다.
행 수를 R, 열 수를 C라 하면 각 칸은 큐에 한 번만 들어가므로 시간은 O(R×C)다.
"""

from __future__ import annotations

from collections import deque

#: 상하좌우 이웃으로 가는 (행 변화, 열 변화)
NEIGHBORS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def flood_fill(image: list[list[int]], sr: int, sc: int, color: int) -> list[list[int]]:
    """LeetCode 733. ``(sr, sc)``와 같은 색으로 상하좌우 연결된 칸을 모두 ``color``로 칠한다.

    ``image``를 제자리에서 고치고 그 ``image``를 돌려준다. 시작 칸이 이미 ``color``이면
    바꿀 것이 없으므로 그대로 돌려준다.

    >>> flood_fill([[1, 1, 1], [1, 1, 0], [1, 0, 1]], 1, 1, 2)
    [[2, 2, 2], [2, 2, 0], [2, 0, 1]]
    """
    # BEGIN ANSWER
    original = image[sr][sc]
    if original == color:  # 칠해도 같은 색: 방문 표시가 구분되지 않아 무한 반복이 된다
        return image
    rows, cols = len(image), len(image[0])
    image[sr][sc] = color  # 시작 칸도 칠한다. 칠한 색이 곧 방문 표시다
    queue = deque([(sr, sc)])
    while queue:
        row, col = queue.popleft()
        for d_row, d_col in NEIGHBORS:
            r, c = row + d_row, col + d_col
            if 0 <= r < rows and 0 <= c < cols and image[r][c] == original:
                image[r][c] = color  # 넣을 때 칠해야 같은 칸이 두 번 들어가지 않는다
                queue.append((r, c))
    return image
    # END ANSWER


def num_islands(grid: list[list[str]]) -> int:
    """LeetCode 200. ``"1"``(땅)이 상하좌우로 이어진 덩어리(섬)의 수. ``grid``는 바꾸지 않는다.

    >>> num_islands([["1", "1", "0"], ["0", "1", "0"], ["0", "0", "1"]])
    2
    """
    # BEGIN ANSWER
    if not grid or not grid[0]:
        return 0
    rows, cols = len(grid), len(grid[0])
    seen = [bytearray(cols) for _ in range(rows)]  # 방문 표시 (R, C)
    islands = 0
    for start_row in range(rows):
        for start_col in range(cols):
            if grid[start_row][start_col] != "1" or seen[start_row][start_col]:
                continue
            islands += 1  # 아직 방문하지 않은 땅: 새 섬의 시작
            seen[start_row][start_col] = 1
            queue = deque([(start_row, start_col)])
            while queue:
                row, col = queue.popleft()
                for d_row, d_col in NEIGHBORS:
                    r, c = row + d_row, col + d_col
                    if 0 <= r < rows and 0 <= c < cols and not seen[r][c] and grid[r][c] == "1":
                        seen[r][c] = 1
                        queue.append((r, c))
    return islands
    # END ANSWER
