# bookkit: recorded
import torch

from bookkit.device import recording_device
from bookkit.show import expect_error

device = recording_device()

on_cpu = torch.tensor([1.0, 2.0])  # (2,) CPU
on_device = torch.tensor([3.0, 4.0], device=device)  # (2,) 기록하는 장치
print("on_cpu.device:", on_cpu.device, "| on_device.device:", on_device.device)

if on_device.device == on_cpu.device:
    # GPU가 없으면 두 텐서가 모두 CPU에 있으므로 섞일 일이 없다.
    print("같은 장치라서 그대로 더해진다:", on_cpu + on_device)
else:
    with expect_error(RuntimeError, match="same device"):
        on_cpu + on_device
    print("한쪽을 옮긴 뒤:", on_cpu.to(device) + on_device)
recorded_data = {"mixed": on_device.device != on_cpu.device}
