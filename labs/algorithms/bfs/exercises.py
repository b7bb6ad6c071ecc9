# 학생용 버전. scripts/make_exercise_stubs.py가 다음 풀이에서 만든 파일입니다.
#   labs/algorithms/bfs/solutions.py
# 이 파일은 다시 만들어지므로 여기에 답을 쓰지 않습니다. 풀 때는 workspace/에 복사한
# 파일(workspace/bfs.py)에 쓰고 그 파일을 테스트합니다.
#   python3 scripts/dev.py exercise start bfs
#   python3 scripts/dev.py exercise check bfs
# ruff: noqa: F401
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
    raise NotImplementedError("flood_fill: 아직 구현하지 않았습니다")


def num_islands(grid: list[list[str]]) -> int:
    """LeetCode 200. ``"1"``(땅)이 상하좌우로 이어진 덩어리(섬)의 수. ``grid``는 바꾸지 않는다.

    >>> num_islands([["1", "1", "0"], ["0", "1", "0"], ["0", "0", "1"]])
    2
    """
    raise NotImplementedError("num_islands: 아직 구현하지 않았습니다")
