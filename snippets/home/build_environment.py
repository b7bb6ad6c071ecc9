import platform
import sys

import torch

print(f"torch   {torch.__version__}")
print(f"python  {sys.version.split()[0]} ({platform.machine()})")
print(f"CUDA    {'사용 가능' if torch.cuda.is_available() else '없음 (CPU 빌드)'}")
print(f"스레드  {torch.get_num_threads()}")
