import platform
import sys

import torch

cuda_build = torch.version.cuda  # torch를 빌드한 CUDA 버전, CPU 전용 빌드면 None
if cuda_build is None:
    cuda_line = "없음 (CPU 전용 빌드)"
elif torch.cuda.is_available():
    cuda_line = f"{cuda_build} (GPU 사용 가능)"
else:
    cuda_line = f"{cuda_build} (GPU 없음)"

print(f"torch   {torch.__version__}")
print(f"python  {sys.version.split()[0]} ({platform.machine()})")
print(f"CUDA    {cuda_line}")
print(f"threads {torch.get_num_threads()}")
assert (cuda_build is None) == (not torch.backends.cuda.is_built())  # markdown-exec: hide
assert cuda_line.startswith("없음") == (cuda_build is None)  # markdown-exec: hide
