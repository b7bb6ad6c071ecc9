import time

previous = None
for size in (250, 500, 1000):
    land = [["1"] * size for _ in range(size)]  # 섬 하나가 격자 전체
    start = time.perf_counter()
    islands = num_islands(land)
    elapsed = time.perf_counter() - start
    growth = f"앞 크기의 {elapsed / previous:.1f}배" if previous else "기준"
    print(f"{size:4d}×{size:<4d} 칸 {size * size:>9,d}개  섬 {islands}개  {elapsed:6.3f}초  ({growth})")
    previous = elapsed
    assert islands == 1  # markdown-exec: hide
