point = torch.tensor(-1.5, requires_grad=True)
cube = point**3
print("backward() 전 point.grad:", point.grad)
assert point.grad is None  # markdown-exec: hide
cube.backward()
print("backward() 후 point.grad:", point.grad)
print("cube를 만든 연산:", type(cube.grad_fn).__name__)
assert point.grad.item() == 6.75 and type(cube.grad_fn).__name__ == "PowBackward0"  # markdown-exec: hide
