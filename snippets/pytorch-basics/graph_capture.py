# --8<-- [start:export]
from torch import nn


class TinyNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3, 2)

    def forward(self, x):
        return torch.relu(self.linear(x))


exported = torch.export.export(TinyNet(), (torch.randn(4, 3),))  # 예시 입력으로 한 번 추적
for node in exported.graph.nodes:
    print(f"{node.op:<15}{node.name:<17}{node.target}")
signature = exported.graph_signature
print("매개변수:", signature.parameters, "| 입력:", signature.user_inputs)
ops = [str(n.target) for n in exported.graph.nodes if n.op == "call_function"]
assert ops == ["aten.linear.default", "aten.relu.default"]  # markdown-exec: hide
assert list(signature.parameters) == ["linear.weight", "linear.bias"]  # markdown-exec: hide
# --8<-- [end:export]

# --8<-- [start:export-refused]
class PlainIf(nn.Module):  # 파이썬 if로 값에 따라 분기한다
    def forward(self, x):
        if x.sum() > 0:
            return x * 2
        return x - 1


with expect_error(RuntimeError, match="data-dependent"):
    torch.export.export(PlainIf(), (torch.ones(3),))  # 한 갈래만 담은 그래프는 내놓지 않는다
# --8<-- [end:export-refused]

# --8<-- [start:export-cond]
class Branchy(nn.Module):  # 같은 분기를 torch.cond로 적으면 두 갈래가 모두 그래프에 담긴다
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: t * 2, lambda t: t - 1, (x,))


branchy = torch.export.export(Branchy(), (torch.ones(3),))
print("cond 그래프의 연산:", [str(n.target) for n in branchy.graph.nodes if n.op == "call_function"])
program = branchy.module()
print("x = 1:", program(torch.ones(3)).tolist(), "| x = -1:", program(-torch.ones(3)).tolist())
assert "cond" in [str(n.target) for n in branchy.graph.nodes]  # markdown-exec: hide
assert program(-torch.ones(3)).tolist() == [-2.0, -2.0, -2.0]  # markdown-exec: hide
# --8<-- [end:export-cond]

# --8<-- [start:compile]
captured = []  # torch.compile이 넘겨주는 그래프를 모아 두는 백엔드 (C 컴파일러가 필요 없다)


def collect(graph_module, example_inputs):
    captured.append([str(n.target) for n in graph_module.graph.nodes if n.op != "placeholder"])
    return graph_module.forward  # 그래프를 그대로 실행한다


def choose(x):
    h = x * 2
    if h.sum() > 0:  # 텐서 값으로 분기: 그래프가 여기서 끊긴다
        return h.relu()
    return h.tanh()


compiled = torch.compile(choose, backend=collect)
print("x = 1 :", compiled(torch.ones(3)).tolist(), "| 잡힌 그래프 수:", len(captured))
print("x = -1:", [round(v, 4) for v in compiled(-torch.ones(3)).tolist()],
      "| 잡힌 그래프 수:", len(captured))
for number, graph in enumerate(captured, start=1):
    print(f"그래프 {number}:", graph)
assert len(captured) == 3 and captured[1][0] == "relu" and captured[2][0] == "tanh"  # markdown-exec: hide
assert torch.equal(compiled(-torch.ones(3)), choose(-torch.ones(3)))  # markdown-exec: hide
# --8<-- [end:compile]
