# --8<-- [start:shapes]
import torch

torch.manual_seed(0)  # 이 페이지의 무작위 값은 모두 여기서 시작합니다

x = torch.randn(4, 3)
W = torch.randn(3, 2)
b = torch.randn(2)

y = x @ W + b
loss = y.mean()

print(y.shape)
print(loss.shape)
print("기록된 연산:", y.grad_fn)  # 아무도 기울기를 원하지 않아 기록도 없습니다
assert y.shape == (4, 2) and loss.shape == () and y.grad_fn is None  # markdown-exec: hide
# --8<-- [end:shapes]

# --8<-- [start:recorded]
W.requires_grad_()  # 값은 그대로, 이제부터 W가 지나는 연산을 기록합니다
b.requires_grad_()

y = x @ W + b
loss = y.mean()
print("y.grad_fn:   ", y.grad_fn.name())
print("loss.grad_fn:", loss.grad_fn.name())
assert y.grad_fn.name() == "AddBackward0" and loss.grad_fn.name() == "MeanBackward0"  # markdown-exec: hide
assert y.grad_fn.next_functions[0][0].name() == "MmBackward0"  # markdown-exec: hide
assert not x.requires_grad  # markdown-exec: hide
# --8<-- [end:recorded]

# --8<-- [start:drawn]
from bookkit.graph import show_graph

show_graph(loss, {"x": x, "W": W, "b": b}, "loss")
# --8<-- [end:drawn]
