# --8<-- [start:where]
x = torch.randn(2, 3)
print(x.device)
print("CUDA GPU를 쓸 수 있나:", torch.cuda.is_available())
print("이 PyTorch가 빌드된 CUDA 버전:", torch.version.cuda)
assert torch.version.cuda is None and not torch.cuda.is_available()  # markdown-exec: hide
# --8<-- [end:where]

# --8<-- [start:idiom]
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

x = torch.randn(2, 3).to(device)
W = torch.randn(3, 4).to(device)
print("x @ W:", list((x @ W).shape), "on", (x @ W).device)  # 같은 장치끼리라 계산됩니다
assert (x @ W).shape == (2, 4)  # markdown-exec: hide

x = torch.randn(4, 3).to(device)
model = nn.Linear(3, 2).to(device)  # 매개변수(가중치, 편향)도 텐서라서 함께 옮깁니다
y = model(x)
print("device:", device)
print("x:", x.device, "| weight:", model.weight.device, "| y:", y.device)
assert y.device == x.device == model.weight.device  # markdown-exec: hide
# --8<-- [end:idiom]

# --8<-- [start:no-cuda]
with expect_error(AssertionError, match="not compiled with CUDA"):
    torch.randn(2, 3).to("cuda")
# --8<-- [end:no-cuda]

# --8<-- [start:cpu-scalar]
elsewhere = torch.ones(3, device="meta")  # CPU가 아닌 장치의 텐서 (데이터 없이 형태와 자료형만)
cpu_scalar = torch.tensor(2.0)  # 0차원 CPU 텐서
mixed = elsewhere * cpu_scalar
print("meta (3,) × 0차원 CPU:", mixed.device, list(mixed.shape))
with expect_error(RuntimeError, match="is not on the expected device"):
    elsewhere * torch.tensor([2.0])  # 원소가 하나여도 1차원 CPU 텐서는 거절된다
assert mixed.device.type == "meta" and cpu_scalar.dim() == 0  # markdown-exec: hide
# --8<-- [end:cpu-scalar]
