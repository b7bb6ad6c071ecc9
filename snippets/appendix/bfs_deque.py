from collections import deque

queue = deque([(0, 0)])  # 시작 칸 하나
while queue:
    row, col = queue.popleft()  # 먼저 넣은 칸을 먼저 꺼낸다
    print(row, col)

# 2행 3열 격자에서 (0, 0)부터 이웃을 넣어 가며 꺼내는 순서와 시작 칸에서의 거리
rows, cols = 2, 3
distance = {(0, 0): 0}
queue = deque([(0, 0)])
order = []
while queue:
    row, col = queue.popleft()
    order.append(((row, col), distance[row, col]))
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < rows and 0 <= c < cols and (r, c) not in distance:
            distance[r, c] = distance[row, col] + 1  # 넣을 때 표시한다
            queue.append((r, c))
for cell, steps in order:
    print(f"꺼냄: {cell}, 거리: {steps}")
assert [steps for _, steps in order] == [0, 1, 1, 2, 2, 3]  # markdown-exec: hide
assert len(order) == rows * cols  # markdown-exec: hide
