# --8<-- [start:linear]
from torch import nn

layer = nn.Linear(3, 2)  # 특성 3개를 받아 출력 2개를 내는 선형층
print("nn.Module인가:", isinstance(layer, nn.Module))
for name, param in layer.named_parameters():
    kind = type(param).__name__
    print(f"{name}: 형태 {tuple(param.shape)}, {kind}, requires_grad={param.requires_grad}")
print("weight 타입의 부모 클래스:", [base.__name__ for base in type(layer.weight).__bases__])
print("매개변수 원소 수:", sum(p.numel() for p in layer.parameters()))
print("출력 형태:", tuple(layer(torch.ones(4, 3)).shape))  # (4, 3) -> (4, 2)
assert layer.weight.shape == (2, 3) and layer.bias.shape == (2,)  # markdown-exec: hide
assert isinstance(layer.weight, nn.Parameter)  # markdown-exec: hide
assert isinstance(layer.weight, torch.Tensor)  # markdown-exec: hide
assert type(layer.weight) is not torch.Tensor  # markdown-exec: hide
assert nn.Parameter.__bases__ == (torch.Tensor,)  # markdown-exec: hide
assert layer.weight.requires_grad and layer.bias.requires_grad  # markdown-exec: hide
assert sum(p.numel() for p in layer.parameters()) == 8  # markdown-exec: hide
assert [n for n, _ in layer.named_parameters()] == ["weight", "bias"]  # markdown-exec: hide
# --8<-- [end:linear]


# --8<-- [start:register]
class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.factor = nn.Parameter(torch.ones(3))  # 매개변수로 등록됩니다
        self.offset = torch.zeros(3)  # 그냥 텐서: 등록되지 않습니다

    def forward(self, x):  # scale(x)처럼 부르면 이 함수가 실행됩니다
        return x * self.factor + self.offset


scale = Scale()
print("매개변수:", [name for name, _ in scale.named_parameters()])
print(scale(torch.tensor([1.0, 2.0, 3.0])))
fixed = Scale()
fixed.factor = nn.Parameter(torch.ones(3), requires_grad=False)  # 기울기를 끈 매개변수
frozen_list = [(n, p.requires_grad) for n, p in fixed.named_parameters()]
print("requires_grad=False인 Parameter:", frozen_list)
assert [name for name, _ in scale.named_parameters()] == ["factor"]  # markdown-exec: hide
assert isinstance(fixed.factor, nn.Parameter)  # markdown-exec: hide
assert frozen_list == [("factor", False)]  # markdown-exec: hide


class Pair(nn.Module):
    def __init__(self, holder):
        super().__init__()
        self.scales = holder([Scale(), Scale()])  # 층 두 개를 담은 그릇


in_list = [name for name, _ in Pair(list).named_parameters()]
in_module_list = [name for name, _ in Pair(nn.ModuleList).named_parameters()]
print("파이썬 리스트에 담은 층:", in_list)
print("nn.ModuleList에 담은 층:", in_module_list)
assert in_list == [] and in_module_list == ["scales.0.factor", "scales.1.factor"]  # markdown-exec: hide
in_dict = nn.Module()  # markdown-exec: hide
in_dict.scales = {"a": Scale()}  # markdown-exec: hide
assert list(in_dict.named_parameters()) == []  # markdown-exec: hide
assert [n for n, _ in nn.ModuleDict({"a": Scale()}).named_parameters()] == ["a.factor"]  # markdown-exec: hide
# --8<-- [end:register]

# --8<-- [start:state-dict]
state = layer.state_dict()  # 이름 -> 텐서
print(list(state.keys()))
print(type(state["weight"]).__name__, "requires_grad =", state["weight"].requires_grad)

copy = nn.Linear(3, 2)  # 무작위로 시작한 같은 구조의 층
copy.load_state_dict(state)  # 이름이 같은 자리에 값을 복사합니다
x = torch.randn(4, 3)
print("같은 출력:", torch.equal(copy(x), layer(x)))
assert list(state.keys()) == ["weight", "bias"]  # markdown-exec: hide
assert not state["weight"].requires_grad  # markdown-exec: hide
assert torch.equal(copy(x), layer(x))  # markdown-exec: hide
# --8<-- [end:state-dict]

# --8<-- [start:buffers]
from bookkit.show import expect_error


class Shift(nn.Module):
    def __init__(self):
        super().__init__()
        self.factor = nn.Parameter(torch.ones(3))  # 매개변수
        self.register_buffer("mean", torch.zeros(3))  # 버퍼: 학습하지 않지만 모델의 일부
        self.offset = torch.zeros(3)  # 그냥 텐서

    def forward(self, x):
        return (x - self.mean) * self.factor + self.offset


shift = Shift()
print("매개변수:", [n for n, _ in shift.named_parameters()],
      "| 버퍼:", [n for n, _ in shift.named_buffers()],
      "| state_dict:", list(shift.state_dict()))

device = torch.device("meta")  # 실제로는 torch.device("cuda" if torch.cuda.is_available() else "cpu")
mean_before = shift.mean
moved = shift.to(device)  # 모듈의 .to: 매개변수와 버퍼를 옮기고 모듈 자신을 돌려준다
print("같은 모듈:", moved is shift, "| factor:", shift.factor.device, "| mean:", shift.mean.device,
      "| offset:", shift.offset.device)
print("옮긴 factor는 여전히 Parameter이고 리프인가:",
      isinstance(shift.factor, nn.Parameter) and shift.factor.is_leaf)
print("같은 mean 객체:", shift.mean is mean_before, "| 옮기기 전에 꺼내 둔 mean:", mean_before.device)
with expect_error(RuntimeError, match="expected device"):
    shift(torch.ones(3, device=device))  # 옮겨지지 않은 offset이 계산에 섞인다
assert moved is shift and shift.mean.device.type == "meta" and shift.offset.device.type == "cpu"  # markdown-exec: hide
assert list(shift.state_dict()) == ["factor", "mean"]  # markdown-exec: hide
assert isinstance(shift.factor, nn.Parameter) and shift.factor.is_leaf  # markdown-exec: hide
assert shift.mean is not mean_before and mean_before.device.type == "cpu"  # markdown-exec: hide
mixed = torch.ones(3, 3, device=device) @ torch.ones(3, 3)  # meta와 CPU의 행렬 곱: 오류가 없다
print("meta @ cpu:", mixed.device, "| cpu @ meta:", (torch.ones(3, 3) @ torch.ones(3, 3, device=device)).device)
assert mixed.device.type == "meta"  # markdown-exec: hide
on_meta = torch.arange(6, device=device).reshape(2, 3) @ torch.ones(3, 2, device=device)  # 정수 @ 실수
print("meta에서 정수 @ 실수:", on_meta.dtype)
assert on_meta.dtype == torch.arange(1).dtype  # markdown-exec: hide
with expect_error(RuntimeError, match="same dtype"):  # CPU에서는 거절된다
    torch.arange(6).reshape(2, 3) @ torch.ones(3, 2)
# --8<-- [end:buffers]

# --8<-- [start:sequential]
import torch.nn.functional as F

model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))  # 앞에서부터 차례로
print(model(x).shape)
print([name for name, _ in model.named_parameters()])
print("매개변수 원소 수:", sum(p.numel() for p in model.parameters()))

# F: 같은 계산을 함수로. 매개변수가 있는 층은 매개변수를 인자로 받습니다
print("F.relu == nn.ReLU():", torch.equal(F.relu(x), nn.ReLU()(x)))
print("F.linear == layer:", torch.equal(F.linear(x, layer.weight, layer.bias), layer(x)))
names = [n for n, _ in model.named_parameters()]  # markdown-exec: hide
assert model(x).shape == (4, 2)  # markdown-exec: hide
assert sum(p.numel() for p in model.parameters()) == 26  # markdown-exec: hide
assert names == ["0.weight", "0.bias", "2.weight", "2.bias"]  # markdown-exec: hide
assert torch.equal(F.relu(x), nn.ReLU()(x))  # markdown-exec: hide
assert torch.equal(F.linear(x, layer.weight, layer.bias), layer(x))  # markdown-exec: hide
# --8<-- [end:sequential]
