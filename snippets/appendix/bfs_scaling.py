import time

TRIALS = 3  # 크기마다 세 번 재서 가장 짧은 시간을 쓴다(1.3의 측정 방법)
previous = None
ratios = []
for size in (250, 500, 1000):
    land = [["1"] * size for _ in range(size)]  # 섬 하나가 격자 전체
    times = []
    for _ in range(TRIALS):
        start = time.perf_counter()
        islands = num_islands(land)
        times.append(time.perf_counter() - start)
    elapsed = min(times)
    growth = f"앞 크기의 {elapsed / previous:.1f}배" if previous else "기준"
    if previous:
        ratios.append(elapsed / previous)
    print(f"{size:4d}×{size:<4d} {elapsed:6.3f}초: 칸 {size * size:,}개, 섬 {islands}개 ({growth})")
    previous = elapsed
    assert islands == 1  # markdown-exec: hide
assert len(ratios) == 2 and all(ratio > 1 for ratio in ratios)  # markdown-exec: hide
