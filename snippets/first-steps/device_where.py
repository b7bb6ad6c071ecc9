# bookkit: recorded
import torch

from bookkit.device import recording_device

# 기록할 장치(cpu 또는 cuda). 내 컴퓨터에서는 다음 줄과 같은 뜻으로 쓰면 된다:
# torch.device("cuda" if torch.cuda.is_available() else "cpu")
device = recording_device()

x = torch.tensor([1.0, 2.0, 3.0])  # 장치를 말하지 않으면 CPU에 만들어진다
x_on_device = x.to(device)

print("device:", device)
print("x.device:", x.device)
print("x_on_device.device:", x_on_device.device)
print("x_on_device is x:", x_on_device is x)  # 이미 그 장치에 있으면 복사하지 않는다
assert x.device.type == "cpu"  # markdown-exec: hide
assert x_on_device.device.type == device.type  # markdown-exec: hide
assert (x_on_device is x) == (device.type == "cpu")  # markdown-exec: hide
recorded_data = {
    "device": str(x_on_device.device),
    "copied": x_on_device is not x,
}
