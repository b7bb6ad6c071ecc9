def islands_mark_on_pop(grid, skip_seen=False):
    """실수: 큐에서 꺼낼 때 방문 표시를 한다. 답은 맞지만 같은 칸이 여러 번 들어간다.

    ``skip_seen=True``면 이미 본 칸을 꺼냈을 때 건너뛴다: 한 칸이 들어가는 횟수는 4 이하.
    """
    rows, cols = len(grid), len(grid[0])
    seen = set()
    islands = pushes = 0
    for sr in range(rows):
        for sc in range(cols):
            if grid[sr][sc] != "1" or (sr, sc) in seen:
                continue
            islands += 1
            queue = deque([(sr, sc)])
            pushes += 1
            while queue:
                row, col = queue.popleft()
                if skip_seen and (row, col) in seen:
                    continue  # 중복으로 들어온 칸은 다시 펼치지 않는다
                seen.add((row, col))  # 너무 늦은 표시
                for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                    if 0 <= r < rows and 0 <= c < cols and grid[r][c] == "1" \
                            and (r, c) not in seen:
                        queue.append((r, c))
                        pushes += 1
    return islands, pushes


for size in (3, 5, 7):
    land = [["1"] * size for _ in range(size)]
    islands, pushes = islands_mark_on_pop(land)
    _, skipped = islands_mark_on_pop(land, skip_seen=True)
    print(f"{size}×{size} 땅: 섬 {islands}개 (맞음), 큐에 넣은 횟수 {pushes} = 칸 수의 "
          f"{pushes / size**2:.1f}배")
    print(f"      건너뛰기를 더하면 {skipped} = 칸 수의 {skipped / size**2:.1f}배")
    assert islands == 1 and pushes == {3: 19, 5: 251, 7: 3431}[size]  # markdown-exec: hide
    assert skipped == {3: 13, 5: 41, 7: 85}[size] and skipped <= 4 * size**2  # markdown-exec: hide


def fill_without_same_color_check(image, sr, sc, color, max_steps=10_000):
    """실수: 새 색이 원래 색과 같은 경우를 처리하지 않는다. 칠해도 '방문'이 표시되지 않는다."""
    original = image[sr][sc]
    rows, cols = len(image), len(image[0])
    image[sr][sc] = color
    queue = deque([(sr, sc)])
    steps = 0
    while queue:
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"{max_steps}번 꺼내도 큐가 비지 않음: 같은 칸을 계속 다시 넣는다")
        row, col = queue.popleft()
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < rows and 0 <= c < cols and image[r][c] == original:
                image[r][c] = color
                queue.append((r, c))
    return image


with expect_error(RuntimeError, match="큐가 비지 않음"):
    fill_without_same_color_check([[0, 0, 0], [0, 0, 0]], 0, 0, 0)
