import torch

torch.manual_seed(0)  # 뒤 블록의 randn과 nn.Linear 초깃값을 고정

x = torch.tensor(2.0, requires_grad=True)
c = torch.tensor(5.0)  # requires_grad=False: 기록되지 않는다
y = x**2 + 3 * x + 1
print("requires_grad :", "x =", x.requires_grad, "| c =", c.requires_grad, "| y =", y.requires_grad)
print(
    "grad_fn       :",
    "y.grad_fn =",
    type(y.grad_fn).__name__,
    "| 다음 함수 =",
    [type(f).__name__ for f, _ in y.grad_fn.next_functions],
)
y.backward()
print(".grad         :", "x.grad =", x.grad, "(리프)")
y_grad = y.grad  # 리프가 아니므로 경고와 함께 None
print(".grad         :", "y.grad =", y_grad, "(중간값)")
print("is_leaf       :", "x =", x.is_leaf, "| y =", y.is_leaf)
assert x.grad.item() == 7.0 and y_grad is None  # markdown-exec: hide
assert y.grad_fn.next_functions[1][0] is None  # markdown-exec: hide
import warnings  # markdown-exec: hide

for keep in ({"retain_graph": True}, {"create_graph": True}):  # markdown-exec: hide
    w = torch.tensor(2.0, requires_grad=True)  # markdown-exec: hide
    z = w**3  # markdown-exec: hide
    with warnings.catch_warnings():  # markdown-exec: hide
        warnings.simplefilter("ignore")  # backward(create_graph=True) warns  # markdown-exec: hide
        z.backward(**keep)  # markdown-exec: hide
    z.backward()  # the graph was kept  # markdown-exec: hide
    assert w.grad.item() == 24.0, keep  # markdown-exec: hide
    w.grad = None  # markdown-exec: hide
