# --8<-- [start:export]
import logging  # markdown-exec: hide

from torch import nn

from bookkit.show import expect_error


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

program = exported.module()  # 그래프를 다시 호출할 수 있는 모듈로
print("같은 형태 (4, 3) 입력:", tuple(program(torch.randn(4, 3)).shape))
with expect_error(AssertionError, match="Guard failed"):
    program(torch.randn(5, 3))  # 예시 입력의 배치 크기 4에 맞춘 그래프다
# --8<-- [end:export]


# --8<-- [start:export-refused]
class PlainIf(nn.Module):  # 파이썬 if로 값에 따라 분기한다
    def forward(self, x):
        if x.sum() > 0:
            return x * 2
        return x - 1


# torch의 형태 분석은 실패하기 전에 진단 로그 한 줄("Unable to find user code")을 남긴다. 이 절과 무관하다.  # markdown-exec: hide
logging.getLogger("torch.fx.experimental.symbolic_shapes").setLevel(logging.ERROR)  # markdown-exec: hide
with expect_error(RuntimeError, match="data-dependent"):
    torch.export.export(PlainIf(), (torch.ones(3),))  # 한 갈래만 담은 그래프는 내놓지 않는다
# --8<-- [end:export-refused]


# --8<-- [start:export-baked]
class Doubler(nn.Module):  # 텐서가 아닌 속성으로 분기한다
    def __init__(self):
        super().__init__()
        self.double = True

    def forward(self, x):
        if self.double:
            return x * 2
        return x - 1


doubler = Doubler()
baked = torch.export.export(doubler, (torch.ones(3),))
print("그래프의 연산:", [str(n.target) for n in baked.graph.nodes if n.op == "call_function"])
doubler.double = False  # 원래 모델은 이제 x - 1을 계산하지만
print(
    "원래 모델:",
    doubler(torch.ones(3)).tolist(),
    "| 내보낸 그래프:",
    baked.module()(torch.ones(3)).tolist(),
)
baked_ops = [str(n.target) for n in baked.graph.nodes]  # markdown-exec: hide
assert "aten.mul.Tensor" in baked_ops and "aten.sub.Tensor" not in baked_ops  # markdown-exec: hide
assert baked.module()(torch.ones(3)).tolist() == [2.0, 2.0, 2.0]  # markdown-exec: hide


class BufferIf(nn.Module):  # markdown-exec: hide
    def __init__(self):  # markdown-exec: hide
        super().__init__()  # markdown-exec: hide
        self.register_buffer("flag", torch.tensor(1.0))  # markdown-exec: hide
    def forward(self, x):  # markdown-exec: hide
        return x * 2 if self.flag > 0 else x - 1  # markdown-exec: hide
class ConstantIf(nn.Module):  # markdown-exec: hide
    def forward(self, x):  # markdown-exec: hide
        return x * 2 if torch.tensor(1.0) > 0 else x - 1  # markdown-exec: hide
import contextlib
import io  # markdown-exec: hide

refusal = io.StringIO()  # markdown-exec: hide
try:  # markdown-exec: hide
    with contextlib.redirect_stderr(refusal), contextlib.redirect_stdout(refusal):  # markdown-exec: hide
        torch.export.export(BufferIf(), (torch.ones(3),))  # the graph it prints is not this block's  # markdown-exec: hide
    raise AssertionError("a branch on a buffer's value was exported")  # markdown-exec: hide
except RuntimeError as error:  # markdown-exec: hide
    assert "data-dependent" in str(error)  # markdown-exec: hide
constant_ops = [str(n.target) for n in torch.export.export(ConstantIf(), (torch.ones(3),)).graph.nodes]  # markdown-exec: hide
assert "aten.mul.Tensor" in constant_ops and "aten.sub.Tensor" not in constant_ops  # markdown-exec: hide
# --8<-- [end:export-baked]


# --8<-- [start:export-cond]
class Branchy(nn.Module):  # 같은 분기를 torch.cond로 적으면 두 갈래가 모두 그래프에 담긴다
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: t * 2, lambda t: t - 1, (x,))


branchy = torch.export.export(Branchy(), (torch.ones(3),))
print(
    "cond 그래프의 연산:", [str(n.target) for n in branchy.graph.nodes if n.op == "call_function"]
)
program = branchy.module()
print("x = 1:", program(torch.ones(3)).tolist(), "| x = -1:", program(-torch.ones(3)).tolist())
assert "cond" in [str(n.target) for n in branchy.graph.nodes]  # markdown-exec: hide
assert [n.op for n in branchy.graph.nodes].count("get_attr") == 2  # markdown-exec: hide
assert program(-torch.ones(3)).tolist() == [-2.0, -2.0, -2.0]  # markdown-exec: hide
# --8<-- [end:export-cond]

# --8<-- [start:compile]
captured = []  # torch.compile이 넘겨주는 그래프를 모아 두는 백엔드 (컴파일하지 않는다)


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
print(
    "x = -1:",
    [round(v, 4) for v in compiled(-torch.ones(3)).tolist()],
    "| 잡힌 그래프 수:",
    len(captured),
)
for number, graph in enumerate(captured, start=1):
    print(f"그래프 {number}:", graph)
assert len(captured) == 3  # markdown-exec: hide
assert captured[1][0] == "relu" and captured[2][0] == "tanh"  # markdown-exec: hide
assert torch.equal(compiled(-torch.ones(3)), choose(-torch.ones(3)))  # markdown-exec: hide
# --8<-- [end:compile]


# --8<-- [start:compile-fullgraph]
whole_graphs = []  # 이 블록의 그래프는 따로 모은다


def collect_whole(graph_module, example_inputs):
    whole_graphs.append([str(n.target) for n in graph_module.graph.nodes if n.op != "placeholder"])
    return graph_module.forward


def choose_if(x):  # choose와 같은 함수
    h = x * 2
    if h.sum() > 0:
        return h.relu()
    return h.tanh()


strict = torch.compile(choose_if, backend=collect_whole, fullgraph=True)  # 끊기면 오류로
with expect_error(RuntimeError, match="Data-dependent branching"):
    strict(torch.ones(3))


def choose_cond(x):
    h = x * 2
    return torch.cond(h.sum() > 0, lambda t: t.relu(), lambda t: t.tanh(), (h,))


whole = torch.compile(choose_cond, backend=collect_whole, fullgraph=True)
print("x = 1 :", whole(torch.ones(3)).tolist())
print("x = -1:", [round(v, 4) for v in whole(-torch.ones(3)).tolist()])
print("torch.cond로 잡힌 그래프 수:", len(whole_graphs))
assert len(whole_graphs) == 1  # markdown-exec: hide
# --8<-- [end:compile-fullgraph]
