import torch

print("PyTorch:", torch.__version__)
print("CUDA 사용 가능:", torch.cuda.is_available())

# GPU가 있으면 GPU를, 없으면 CPU를 고른다.
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

x = torch.tensor([1.0, 2.0, 3.0])  # 만들 때 장치를 말하지 않으면 CPU
x_on_device = x.to(device)

print("고른 장치:", device)
print("x.device:", x.device)
print("x_on_device.device:", x_on_device.device)
assert x.device.type == "cpu"  # markdown-exec: hide
assert x_on_device.device.type == device.type  # markdown-exec: hide
