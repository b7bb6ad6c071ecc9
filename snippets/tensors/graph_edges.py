from bookkit.show import expect_error

steps = torch.tensor([0.4, 1.6, -2.7], requires_grad=True)
rounded = steps.round()  # 계단 함수이지만 결과가 실수라서 기록됩니다
print("round():", rounded.tolist(), "| grad_fn =", rounded.grad_fn.name())
print("floor(), sign()의 grad_fn:", steps.floor().grad_fn.name(), steps.sign().grad_fn.name())
rounded.sum().backward()
print("round()를 지난 기울기:", steps.grad.tolist())  # 계단의 평평한 곳: 기울기 0

halved = steps // 2  # 몫을 내림하는 계단 함수: 결과가 실수라서 역시 기록됩니다
print("steps // 2:", halved.tolist(), "| grad_fn =", halved.grad_fn.name())
with expect_error(RuntimeError, match="derivative for aten::floor_divide is not implemented"):
    halved.sum().backward()  # 미분이 없는 노드는 backward()가 닿을 때 멈춘다

blank = steps.new_zeros(2)  # steps의 자료형과 장치만 읽어 만든 0 텐서
print("new_zeros:", blank.dtype, "| requires_grad =", blank.requires_grad)
print("new_zeros의 grad_fn:", blank.grad_fn)

with expect_error(RuntimeError, match="only Tensors of floating point"):
    torch.tensor([1, 2]).requires_grad_()  # int64 텐서는 기울기를 담을 수 없다
assert rounded.tolist() == [0.0, 2.0, -3.0]  # markdown-exec: hide
assert rounded.grad_fn.name() == "RoundBackward0"  # markdown-exec: hide
assert steps.floor().grad_fn.name() == "FloorBackward0"  # markdown-exec: hide
assert steps.sign().grad_fn.name() == "SignBackward0"  # markdown-exec: hide
assert steps.grad.tolist() == [0.0, 0.0, 0.0]  # markdown-exec: hide
assert halved.tolist() == [0.0, 0.0, -2.0]  # markdown-exec: hide
assert halved.grad_fn.name() == "torch::autograd::NotImplemented"  # markdown-exec: hide
assert blank.dtype == torch.float32 and not blank.requires_grad  # markdown-exec: hide
assert blank.grad_fn is None  # markdown-exec: hide
assert torch.histc(steps, bins=3).grad_fn is None  # markdown-exec: hide
