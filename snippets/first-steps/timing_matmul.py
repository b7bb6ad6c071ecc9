# bookkit: recorded
# bookkit: measurement
import time

import torch

from bookkit.device import recording_device


def measure(device, size, repeats, warmup):
    """n×n 행렬 곱을 repeats번 한 시간(초). 예열과 동기화를 포함한다."""
    a = torch.randn(size, size, device=device)  # (n, n)
    b = torch.randn(size, size, device=device)  # (n, n)
    for _ in range(warmup):  # 첫 실행의 준비 비용이 측정값을 흔들지 않도록 예열
        _ = a @ b
    if device.type == "cuda":
        torch.cuda.synchronize()  # 예열이 끝난 뒤에 시계를 켠다
    start = time.perf_counter()
    for _ in range(repeats):
        _ = a @ b
    if device.type == "cuda":
        torch.cuda.synchronize()  # GPU가 마지막 곱셈을 마칠 때까지 기다린다
    return time.perf_counter() - start


device = recording_device()
torch.manual_seed(0)

# (크기, 반복, 예열, 측정 횟수): 앞의 셋은 페이지의 첫 번째 표에 나오는 크기, 뒤의 셋은 큰 행렬.
# 같은 측정을 여러 번 해서 가장 짧은 시간을 쓴다(다른 프로그램의 방해를 가장 덜 받은 값).
# 큰 행렬은 CPU에서 곱셈 한 번에 수 초가 걸리므로 반복, 예열, 측정 횟수를 줄였다.
PLAN = [
    (100, 20, 3, 3), (500, 20, 3, 3), (1000, 20, 3, 3),
    (2048, 10, 1, 3), (4096, 3, 1, 2), (8192, 2, 1, 1),
]


def measure_plan(device):
    """PLAN의 크기마다 곱셈 시간을 재고 표로 출력한다. 행마다 dict 하나를 돌려준다."""
    rows = []
    print(f"장치: {device}, 곱셈 정밀도: float32")
    print(" 크기  반복    합계(초)    한 번(ms)    GFLOP/s")
    for size, repeats, warmup, trials in PLAN:
        times = [measure(device, size, repeats, warmup) for _ in range(trials)]
        seconds = min(times)
        per_matmul = seconds / repeats
        gflops = 2 * size**3 / per_matmul / 1e9  # n×n 곱셈 한 번은 약 2n³번의 연산
        print(f"{size:>5} {repeats:>5} {seconds:>11.4f} {per_matmul * 1e3:>12.3f} {gflops:>10.1f}")
        rows.append({"size": size, "repeats": repeats, "warmup": warmup, "seconds": seconds,
                     "trials": times})
    return rows


recorded_data = {
    "device": device.type,
    "threads": torch.get_num_threads(),
    "matmul_precision": torch.get_float32_matmul_precision(),
    "rows": measure_plan(device),
}
if device.type != "cpu":
    # 같은 기계의 CPU도 잰다. 교차점은 같은 기계의 두 장치를 비교해야 뜻이 있다.
    print()
    recorded_data["host"] = {"threads": torch.get_num_threads(),
                             "rows": measure_plan(torch.device("cpu"))}
