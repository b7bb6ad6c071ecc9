# --8<-- [start:tabs]
from bookkit.recordings.render import show_recorded

# 시간 측정은 빌드 때 다시 돌리지 않고, 장치마다 기록한 값을 보여 준다.
show_recorded("snippets/first-steps/timing_matmul.py", live_cpu=False)
# --8<-- [end:tabs]
# --8<-- [start:table]
from bookkit.recordings.store import is_fresh, load

TIMING = "snippets/first-steps/timing_matmul.py"
recordings = {device: load(TIMING, device) for device in ("cpu", "cuda")}
assert recordings["cpu"] is not None, "CPU 기록이 없다: python3 scripts/dev.py record"
recorded = {device: rec for device, rec in recordings.items() if rec is not None}
rows = {
    device: {row["size"]: row for row in rec["data"]["rows"]} for device, rec in recorded.items()
}
has_gpu = "cuda" in rows
# GPU 기록에는 그 기계의 CPU로 잰 시간도 있다("host"). CPU와 GPU의 비교는 같은 기계끼리 한다.
host = recorded["cuda"]["data"].get("host") if has_gpu else None
if host:
    rows["host"] = {row["size"]: row for row in host["rows"]}
versus = "host" if host else "cpu"


def per_matmul(device, size):
    """곱셈 한 번의 평균 시간(초)."""
    row = rows[device][size]
    return row["seconds"] / row["repeats"]


def total(device, size):
    row = rows.get(device, {}).get(size)
    return f"{row['seconds']:.4f}초" if row else "기록 없음"


def faster(size):
    if not has_gpu or size not in rows["cuda"]:
        return "GPU 기록 없음"
    return "GPU" if per_matmul("cuda", size) < per_matmul(versus, size) else "CPU"


for device, rec in recorded.items():
    if not is_fresh(rec):
        print(f'!!! warning "{device} 기록이 코드보다 오래됨"\n')
        print("    아래 숫자는 측정 코드가 바뀌기 전의 기록입니다.\n")

SEED_SIZES = [100, 500, 1000]
plan = [(r["size"], r["repeats"], r["warmup"], len(r["trials"])) for r in recorded["cpu"]["data"]["rows"]]  # markdown-exec: hide
assert plan == [(100, 20, 3, 3), (500, 20, 3, 3), (1000, 20, 3, 3), (2048, 10, 1, 3), (4096, 3, 1, 2), (8192, 2, 1, 1)]  # markdown-exec: hide
assert (8192 / 1000) ** 3 > 500  # markdown-exec: hide
assert recorded["cpu"]["provenance"]["duration_s"] < 60  # markdown-exec: hide
assert per_matmul("cpu", 8192) > 1.0  # markdown-exec: hide
if host:
    model = recorded["cuda"]["provenance"]["cpu"]["model"]
    print(f"CPU 칸은 GPU와 같은 기계의 CPU({model}, 스레드 {host['threads']})로 잰 시간입니다.\n")
print("| 행렬 크기 | 반복 횟수 | CPU 시간 | GPU 시간 | 더 빠른 장치 |")
print("| ---: | ---: | ---: | ---: | :---: |")
for size in SEED_SIZES:
    repeats = rows[versus][size]["repeats"]
    print(f"| {size} | {repeats} | {total(versus, size)} | {total('cuda', size)} | {faster(size)} |")
    assert repeats == 20  # markdown-exec: hide

print()
print("| 행렬 크기 | 반복 | CPU 한 번 | GPU 한 번 | CPU/GPU 시간 비율 |")
print("| ---: | ---: | ---: | ---: | ---: |")
for size in sorted(rows[versus]):
    cpu_ms = f"{per_matmul(versus, size) * 1e3:,.3f} ms"
    gpu_ms = f"{per_matmul('cuda', size) * 1e3:,.3f} ms" if has_gpu else "기록 없음"
    ratio = f"{per_matmul(versus, size) / per_matmul('cuda', size):,.1f}배" if has_gpu else "-"
    print(f"| {size} | {rows[versus][size]['repeats']} | {cpu_ms} | {gpu_ms} | {ratio} |")
# --8<-- [end:table]
# --8<-- [start:plot]
import matplotlib.pyplot as plt

from bookkit.plots import show

fig, ax = plt.subplots()
lines = [("cpu", "빌드 기계의 CPU" if host else "CPU", "o", recorded["cpu"]["device"]["name"])]
if host:
    lines.append(("host", "GPU 기계의 CPU", "^", recorded["cuda"]["provenance"]["cpu"]["model"]))
if has_gpu:
    lines.append(("cuda", "GPU (CUDA)", "s", recorded["cuda"]["device"]["name"]))
for device, label, marker, name in lines:  # 기록이 없는 장치는 그리지 않는다
    sizes = sorted(rows[device])
    times_ms = [per_matmul(device, size) * 1e3 for size in sizes]
    ax.plot(sizes, times_ms, marker=marker, label=f"{label}: {name}")
ax.set_xscale("log")
ax.set_yscale("log")
ax.set_xticks(sorted(rows["cpu"]), [str(size) for size in sorted(rows["cpu"])])
ax.minorticks_off()
ax.set_xlabel("행렬 크기 n (n×n 행렬 두 개의 곱)")
ax.set_ylabel("곱셈 한 번의 시간 (ms)")
ax.grid(True, alpha=0.3)
ax.legend()
cpu_sizes = sorted(rows["cpu"])
caption = (f"행렬 크기 n = {cpu_sizes[0]}~{cpu_sizes[-1]}에서 곱셈 한 번의 시간 (두 축 모두 로그 눈금). "
           f"n = {cpu_sizes[-1]}일 때 {lines[0][1]} {per_matmul('cpu', cpu_sizes[-1]) * 1e3:,.0f} ms")
if not has_gpu:
    caption += ". CUDA GPU 기록이 아직 없어 CPU만 그렸습니다"
show(fig, caption)
# --8<-- [end:plot]
# --8<-- [start:explain]
cpu_sizes = sorted(rows["cpu"])
small, large = cpu_sizes[0], cpu_sizes[-1]
time_growth = per_matmul("cpu", large) / per_matmul("cpu", small)
work_growth = (large / small) ** 3  # 연산량 2n³의 비
cpu_gflops = {size: 2 * size**3 / per_matmul("cpu", size) / 1e9 for size in cpu_sizes}
listing = ", ".join(f"크기 {size}에서 {cpu_gflops[size]:,.1f}" for size in cpu_sizes)
print(
    f"CPU에서 행렬 크기가 {small}에서 {large}까지 커지는 동안 곱셈 한 번의 시간은 "
    f"{time_growth:,.0f}배 늘었고, 같은 사이 연산량 \\(2n^3\\)은 {work_growth:,.0f}배 늘었습니다. "
    "두 끝만 비교해서는 그 사이의 크기에서 CPU가 얼마나 효율적으로 일했는지 알 수 없으므로, 크기마다 "
    f"초당 연산으로 바꿔 봅니다. {listing} GFLOP/s입니다."
)
CAUSES = (
    "흔히 꼽는 원인은 작은 행렬에서는 함수 호출이나 스레드 나누기처럼 계산 밖의 비용, 큰 행렬에서는 "
    "캐시에 다 들어가지 않는 데이터이지만, 이 표만으로는 어느 쪽인지 확인할 수 없습니다."
)
peak = max(cpu_sizes, key=cpu_gflops.__getitem__)
below = [size for size in cpu_sizes if size <= peak]
above = [size for size in cpu_sizes if size >= peak]
rising = all(cpu_gflops[a] < cpu_gflops[b] for a, b in zip(below, below[1:], strict=False))
falling = all(cpu_gflops[a] > cpu_gflops[b] for a, b in zip(above, above[1:], strict=False))
close = [size for size in cpu_sizes if cpu_gflops[size] >= 0.95 * cpu_gflops[peak]]
if len(close) > 1:  # the peak is within noise of other sizes
    others = ", ".join(str(size) for size in close if size != peak)
    print(
        f"가장 높은 값은 크기 {peak}에서 나왔지만 크기 {others}도 그 5% 안이라, 이 측정만으로는 어느 "
        f"크기가 가장 효율적인지 가를 수 없습니다. {CAUSES}"
    )
elif peak not in (small, large):
    shape = (
        f"크기 {peak}까지는 커질수록 높아지다가 그 뒤로는 커질수록 낮아졌습니다."
        if rising and falling
        else f"가장 높은 값은 중간 크기 {peak}에서 나왔고, 양쪽 끝은 그보다 낮았습니다."
    )
    print(
        f"{shape} 가장 큰 크기 {large}의 값은 최고치의 {cpu_gflops[large] / cpu_gflops[peak]:.0%}"
        f"입니다. {CAUSES}"
    )
elif peak == large:
    print(f"가장 큰 크기 {large}에서 가장 높았습니다. {CAUSES}")
else:
    print(f"가장 작은 크기 {small}에서 가장 높았습니다. {CAUSES}")
assert cpu_gflops[peak] == max(cpu_gflops.values())  # markdown-exec: hide
assert all(cpu_gflops[size] <= cpu_gflops[peak] for size in cpu_sizes)  # markdown-exec: hide
print()

if not has_gpu:
    print(
        "GPU 쪽은 아직 기록되지 않았습니다. 그래서 이 페이지는 GPU가 어느 크기부터 앞서는지, "
        "즉 교차점이 어디인지 말하지 않습니다. CUDA 기록이 더해지면 이 문단은 기록된 숫자로 "
        "교차점을 설명하는 글로 바뀝니다."
    )
else:
    gpu_name = recorded["cuda"]["device"]["name"]
    if host:
        print("아래 비교는 GPU와 같은 기계의 CPU를 상대로 합니다. 위 문단의 CPU는 이 책을 빌드한 "
              "기계의 CPU입니다.\n")
    common = [size for size in sorted(rows[versus]) if size in rows["cuda"]]
    gpu_wins = {size: per_matmul("cuda", size) < per_matmul(versus, size) for size in common}
    # 교차점: 그 크기부터 끝까지 GPU가 계속 더 빠른 가장 작은 크기
    crossover = next(
        (size for i, size in enumerate(common) if all(gpu_wins[s] for s in common[i:])), None
    )
    if crossover is None:
        print(f"기록된 가장 큰 크기 {common[-1]}에서도 GPU({gpu_name})가 CPU보다 빠르지 않았습니다.")
        assert not gpu_wins[common[-1]]  # markdown-exec: hide
    elif crossover == common[0]:
        print(
            f"GPU({gpu_name})는 가장 작은 크기 {crossover}에서도 이미 CPU보다 빨랐고, 그 뒤로도 "
            f"계속 앞섰습니다. 이 기록에서 교차점은 크기 {crossover}보다 아래에 있습니다."
        )
        assert all(gpu_wins.values())  # markdown-exec: hide
    else:
        before = common[common.index(crossover) - 1]
        print(
            f"크기 {before}에서는 CPU가 더 빨랐고, 크기 {crossover}부터는 GPU({gpu_name})가 "
            f"끝까지 앞섰습니다. 교차점은 크기 {before}에서 {crossover} 사이에 있습니다."
        )
        assert not gpu_wins[before]  # markdown-exec: hide
        assert all(gpu_wins[s] for s in common if s >= crossover)  # markdown-exec: hide
    first, last = common[0], common[-1]
    gpu_growth = per_matmul("cuda", last) / per_matmul("cuda", first)
    gpu_work = (last / first) ** 3
    speedup = per_matmul(versus, last) / per_matmul("cuda", last)
    print(
        f"GPU에서 크기 {first}일 때와 {last}일 때의 곱셈 시간은 {gpu_growth:,.0f}배 차이 났고, "
        f"연산량은 {gpu_work:,.0f}배 차이 납니다. 가장 작은 크기 {first}에서 GPU의 곱셈 한 번은 "
        f"{per_matmul('cuda', first) * 1e6:,.1f}마이크로초였습니다. 이렇게 작은 일에서는 GPU 시간의 "
        "대부분이 계산이 아니라 작업을 준비해 GPU에 넘기는 고정 비용입니다. "
        f"가장 큰 크기 {last}에서 CPU 시간은 GPU 시간의 {speedup:,.1f}배였습니다."
    )
    assert gpu_growth < gpu_work  # markdown-exec: hide
# --8<-- [end:explain]
