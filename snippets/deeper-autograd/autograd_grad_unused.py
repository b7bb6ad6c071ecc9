from bookkit.show import expect_error

unused = torch.tensor(1.0, requires_grad=True)  # 손실 계산에 쓰이지 않은 텐서

loss = (features @ w + b) ** 2
with expect_error(RuntimeError, match="not have been used in the graph"):
    torch.autograd.grad(loss, (w, unused))

try:  # markdown-exec: hide
    torch.autograd.grad(loss, (w, unused), allow_unused=True)  # markdown-exec: hide
except RuntimeError as error:  # markdown-exec: hide
    assert "second time" in str(error)  # markdown-exec: hide
else:  # markdown-exec: hide
    raise AssertionError("the failed call should have freed the graph")  # markdown-exec: hide
loss = (features @ w + b) ** 2  # 실패한 호출이 그래프를 풀어 버렸으므로 다시 계산
grad_w, grad_unused = torch.autograd.grad(loss, (w, unused), allow_unused=True)
print("allow_unused=True:", grad_w, grad_unused)
assert grad_unused is None  # markdown-exec: hide
