"""flood_fill (LeetCode 733) and num_islands (LeetCode 200): examples, random grids, 1000×1000."""

from __future__ import annotations

import copy
import sys
import threading

from hypothesis import given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=150, deadline=None)


@st.composite
def grids(draw, values):
    rows = draw(st.integers(1, 8))
    cols = draw(st.integers(1, 8))
    return [[draw(values) for _ in range(cols)] for _ in range(rows)]


def reference_fill(image, sr, sc, color):
    """Plain set-based search, written without BFS tricks."""
    image = copy.deepcopy(image)
    original = image[sr][sc]
    region, frontier = {(sr, sc)}, [(sr, sc)]
    while frontier:
        r, c = frontier.pop()
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            inside = 0 <= nr < len(image) and 0 <= nc < len(image[0])
            if inside and (nr, nc) not in region and image[nr][nc] == original:
                region.add((nr, nc))
                frontier.append((nr, nc))
    for r, c in region:
        image[r][c] = color
    return image


def reference_islands(grid):
    """Union-find over land cells."""
    parent = {}

    def find(cell):
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if value == "1":
                parent[(r, c)] = (r, c)
    for r, c in list(parent):
        for neighbor in ((r + 1, c), (r, c + 1)):
            if neighbor in parent:
                parent[find(neighbor)] = find((r, c))
    return len({find(cell) for cell in parent})


def test_flood_fill_leetcode_examples(bfs_module):
    image = [[1, 1, 1], [1, 1, 0], [1, 0, 1]]
    result = bfs_module.flood_fill(image, 1, 1, 2)
    assert result == [[2, 2, 2], [2, 2, 0], [2, 0, 1]], (
        "대각선 이웃은 연결이 아닙니다: 상하좌우만 봅니다"
    )
    assert result is image and image == [[2, 2, 2], [2, 2, 0], [2, 0, 1]], (
        "flood_fill은 받은 image를 제자리에서 고치고 그 image를 돌려줍니다(복사본이 아니라)"
    )
    assert bfs_module.flood_fill([[0, 0, 0], [0, 0, 0]], 0, 0, 0) == [[0, 0, 0], [0, 0, 0]], (
        "새 색이 원래 색과 같으면 바꿀 것이 없습니다 (방문 표시가 안 되어 무한 반복에 주의)"
    )


def test_num_islands_leetcode_examples(bfs_module):
    one = [list("11110"), list("11010"), list("11000"), list("00000")]
    three = [list("11000"), list("11000"), list("00100"), list("00011")]
    assert bfs_module.num_islands(one) == 1
    assert bfs_module.num_islands(three) == 3


@SETTINGS
@given(data=st.data())
def test_flood_fill_random_grids(bfs_module, data):
    image = data.draw(grids(st.integers(0, 2)))
    sr = data.draw(st.integers(0, len(image) - 1))
    sc = data.draw(st.integers(0, len(image[0]) - 1))
    color = data.draw(st.integers(0, 3))
    expected = reference_fill(image, sr, sc, color)
    work = copy.deepcopy(image)
    result = bfs_module.flood_fill(work, sr, sc, color)
    assert result == expected, (
        f"image={image}, 시작 ({sr}, {sc}), color={color}\n기대 {expected}\n결과 {result}\n"
        "행(r)은 len(image), 열(c)은 len(image[0])로 범위를 검사했는지, 시작 칸도 칠했는지 보세요"
    )
    assert result is work and work == expected, (
        "flood_fill은 받은 image를 제자리에서 고치고 그 image를 돌려줍니다(복사본이 아니라)"
    )


@SETTINGS
@given(grid=grids(st.sampled_from("01")))
def test_num_islands_random_grids(bfs_module, grid):
    before = copy.deepcopy(grid)
    expected = reference_islands(grid)
    result = bfs_module.num_islands(grid)
    assert result == expected, (
        f"grid={[''.join(row) for row in grid]}: 섬은 {expected}개인데 {result}개를 셌습니다. "
        "방문 표시를 큐에 넣을 때 하는지, 범위 검사가 행과 열을 바꿔 쓰지 않았는지 보세요"
    )
    assert grid == before, "num_islands는 입력 grid를 바꾸지 않아야 합니다"


QUEUE_CALLS = ("append", "appendleft", "extend", "extendleft", "insert", "put", "put_nowait")
#: what takes an item out of a queue (or a stack): a container these are called on is a queue
TAKE_CALLS = ("pop", "popleft", "get", "get_nowait")
LINES_PER_CELL = 500


#: the hooks the checks below stand on, which an answer could switch off or widen during its run
HOOKS = [(sys, "setprofile"), (sys, "settrace"), (sys, "setrecursionlimit"),
         (threading, "setprofile"), (threading, "settrace")]


def untouched(run):
    """``run()``'s result; while it runs, ``sys.setprofile``, ``sys.settrace``,
    ``sys.setrecursionlimit`` and ``threading.setprofile``/``settrace`` refuse and note the
    attempt, and an attempt fails the check even if the answer caught the refusal."""
    tried: list[str] = []
    originals = [(owner, name, getattr(owner, name)) for owner, name in HOOKS]

    def refusing(label):
        def refuse(*args, **kwargs):
            tried.append(label)
            raise PermissionError(f"{label} is blocked in this check")
        return refuse

    for owner, name, _ in originals:
        setattr(owner, name, refusing(f"{owner.__name__}.{name}"))
    try:
        result = run()
    finally:
        for owner, name, original in originals:
            setattr(owner, name, original)
    assert not tried, (
        f"검사 도중 {tried[0]}을 불렀습니다. 재귀 한도를 바꾸거나 프로파일러·추적을 끄지 말고 "
        "큐로 탐색하세요")
    return result


MAX_DEPTH = 50


def too_deep() -> AssertionError:
    return AssertionError(
        f"호출이 {MAX_DEPTH}단계보다 깊어졌습니다. 재귀로 칸을 찾아가면 호출 깊이가 영역의 칸 "
        "수만큼 깊어져, 1000×1000 격자 전체가 한 영역이면 파이썬의 기본 재귀 한도를 넘습니다. "
        "큐에 칸을 넣고 꺼내는 반복으로 푸세요")


def watched(run, cells: int, *, lines: bool):
    """``run()``'s result, failing as soon as

    - Python calls nest more than ``MAX_DEPTH`` deep below ``run`` (``sys.setprofile``'s call
      and return events; a generator's resume and yield count as a call and a return): a search
      with a queue or a stack stays a few calls deep, a recursive one goes about as deep as its
      region is large, whatever recursion limit it sets;
    - it has queued more than 4 × ``cells`` items (the profiler's ``c_call`` events of
      :data:`QUEUE_CALLS` on a container that items are also taken from with
      :data:`TAKE_CALLS`, whatever the queue is: deque, list, queue.Queue's inner deque; a list
      of neighbours that is only appended to and iterated is not a queue): with the visited
      mark set when a cell is queued each cell goes in once, and with it set when popped (then
      checked) at most once per neighbour;
    - with ``lines``, the Python code it runs has executed more than ``LINES_PER_CELL`` ×
      ``cells`` lines (``sys.settrace`` line events), which sees the work however the queue
      grows (``queue += [...]``, a list the loop walks while it grows). Tracing every line is
      too slow for the 1000×1000 grids; on a small grid it is quick, and a search that marks
      cells when popped and does not check them again repeats its work many thousand times
      there, so every check of a small grid counts lines and ends in a moment."""
    queue_limit, line_limit = 4 * cells + 4, LINES_PER_CELL * cells
    queued, executed, depth = 0, 0, 0
    queues: dict[int, object] = {}  # id -> the container (held, so its id is not reused)

    def profile(frame, event, arg):  # noqa: ARG001
        nonlocal queued, depth
        if event == "call":
            depth += 1
            if depth > MAX_DEPTH:
                raise too_deep()
        elif event == "return":
            depth -= 1
        elif event == "c_call" and getattr(arg, "__name__", "") in TAKE_CALLS:
            owner = getattr(arg, "__self__", None)
            if owner is not None and not isinstance(owner, type | type(sys)):
                queues[id(owner)] = owner
        elif event == "c_call" and getattr(arg, "__name__", "") in QUEUE_CALLS \
                and id(getattr(arg, "__self__", None)) in queues:
            queued += 1
            if queued > queue_limit:
                raise AssertionError(
                    f"칸 {cells:,}개의 격자에서 큐에 넣은 횟수가 {queue_limit:,}번을 넘었습니다. "
                    "방문 표시를 큐에 넣을 때 하면 칸마다 한 번만 들어갑니다")

    def count_lines(frame, event, arg):  # noqa: ARG001
        nonlocal executed
        if event == "line":
            executed += 1
            if executed > line_limit:
                raise AssertionError(
                    f"칸 {cells:,}개의 격자에서 {line_limit:,}줄 넘게 실행했습니다. 방문 표시를 "
                    "큐에 넣을 때 하면(또는 꺼낸 칸을 다시 확인하면) 칸마다 하는 일이 몇 줄로 "
                    "묶입니다")
        return count_lines

    previous = sys.gettrace()
    if lines:
        sys.settrace(lambda frame, event, arg: count_lines)
    sys.setprofile(profile)
    try:
        return untouched(run)
    finally:
        sys.setprofile(None)
        sys.settrace(previous)


def test_the_search_does_not_recurse(bfs_module):
    """A 30×40 grid that is one region: the search must not nest a call per cell, even with
    the recursion limit raised (sys.setrecursionlimit lets a recursive DFS pass the 1000×1000
    grids of the next test). Its work is bounded as on every small grid, so a search that
    repeats its work fails here at once instead of running for minutes."""
    rows, cols = 30, 40
    cells = rows * cols
    assert watched(lambda: bfs_module.num_islands([["1"] * cols for _ in range(rows)]),
                   cells, lines=True) == 1
    image = [[0] * cols for _ in range(rows)]
    filled = watched(lambda: bfs_module.flood_fill(image, rows // 2, cols // 2, 7),
                     cells, lines=True)
    assert all(value == 7 for row in filled for value in row)


def test_large_grids_queue_each_cell_a_bounded_number_of_times(bfs_module):
    """1000×1000: one island of a million cells (recursion would overflow), a checkerboard and
    a full flood fill, each with its queue work bounded (no clock: the count is the test) and
    its calls no deeper than ``MAX_DEPTH``.
    The same three on a 30×40 grid first, counting lines, so that a search whose queue grows
    without a method call (``queue += [...]``) fails there instead of running for hours."""
    rows, cols = 30, 40
    small = rows * cols
    assert watched(lambda: bfs_module.num_islands([["1"] * cols for _ in range(rows)]),
                   small, lines=True) == 1
    small_checker = [["1" if (r + c) % 2 == 0 else "0" for c in range(cols)] for r in range(rows)]
    assert watched(lambda: bfs_module.num_islands(small_checker), small,
                   lines=True) == small // 2
    small_image = [[0] * cols for _ in range(rows)]
    small_filled = watched(lambda: bfs_module.flood_fill(small_image, rows // 2, cols // 2, 7),
                           small, lines=True)
    assert all(value == 7 for row in small_filled for value in row)
    size = 1000
    cells = size * size
    land = [["1"] * size for _ in range(size)]
    assert watched(lambda: bfs_module.num_islands(land), cells, lines=False) == 1
    checker = [["1" if (r + c) % 2 == 0 else "0" for c in range(size)] for r in range(size)]
    assert watched(lambda: bfs_module.num_islands(checker), cells,
                   lines=False) == cells // 2
    image = [[0] * size for _ in range(size)]
    filled = watched(lambda: bfs_module.flood_fill(image, size // 2, size // 2, 7), cells,
                     lines=False)
    assert all(value == 7 for row in filled for value in row)
