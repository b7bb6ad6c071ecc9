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
