# 값이 없는 meta 장치에 만들어 매개변수의 이름과 형태만 봅니다
net = nn.Sequential(nn.Linear(4, 3, device="meta"), nn.ReLU(), nn.Linear(3, 1, device="meta"))
for name, param in net.named_parameters():
    print(f"{name:<9} {tuple(param.shape)}")
print("원소 수:", sum(p.numel() for p in net.parameters()))
net_names = [n for n, _ in net.named_parameters()]  # markdown-exec: hide
assert net_names == ["0.weight", "0.bias", "2.weight", "2.bias"]  # markdown-exec: hide
assert sum(p.numel() for p in net.parameters()) == 19  # markdown-exec: hide
