import inspect
import logging  # markdown-exec: hide
import math  # markdown-exec: hide
import statistics  # markdown-exec: hide

import torch

# CUDA용 torch는 CUDA 도구가 없는 기계에서 benchmark를 불러올 때 로그 한 줄을 남긴다. 이 페이지와 무관하다.  # markdown-exec: hide
logging.getLogger("torch.utils.cpp_extension").setLevel(logging.ERROR)  # markdown-exec: hide
from torch.utils import benchmark

a = torch.ones(500, 500)  # (500, 500)
b = torch.ones(500, 500)  # (500, 500)
default_threads = inspect.signature(benchmark.Timer).parameters["num_threads"].default
print("Timer의 num_threads 기본값:", default_threads)
print("이 기계의 torch 스레드 수:", torch.get_num_threads())

timer = benchmark.Timer(
    stmt="a @ b",
    globals={"a": a, "b": b},
    num_threads=torch.get_num_threads(),  # 기본값 1 대신 평소와 같은 스레드 수로 잰다
)
measurement = timer.blocked_autorange(min_run_time=0.5)  # 예열로 블록 크기를 정하고 0.5초 이상 잰다
print("블록 수:", len(measurement.times), "| 블록마다 곱셈:", measurement.number_per_run, "번")
print(f"블록마다 곱셈 한 번의 평균 시간, 그 중앙값: {measurement.median * 1e3:.3f} ms")
print(f"사분위 범위(IQR): {measurement.iqr * 1e3:.3f} ms")
ratio = measurement.iqr / measurement.median  # 흩어진 정도를 중앙값에 견준다
print(f"IQR / 중앙값: {ratio:.2f} (0.1보다 작아야 중앙값을 믿을 만합니다)")
assert default_threads == 1  # markdown-exec: hide
assert measurement.task_spec.num_threads == torch.get_num_threads()  # markdown-exec: hide
assert sum(measurement.raw_times) >= 0.5 and measurement.median > 0  # markdown-exec: hide
per_call = [t / measurement.number_per_run for t in measurement.raw_times]  # markdown-exec: hide
assert math.isclose(measurement.median, statistics.median(per_call))  # markdown-exec: hide
meets_default = inspect.signature(measurement.meets_confidence).parameters["threshold"].default  # markdown-exec: hide
assert meets_default == 0.1 and measurement.meets_confidence(0.1) == (ratio < 0.1)  # markdown-exec: hide
