x = torch.tensor(3.0, requires_grad=True)
loss = x**2
loss.backward()

with expect_error(RuntimeError, match="leaf Variable that requires grad"):
    x -= 0.1 * x.grad  # no_grad() 없이 리프 텐서를 제자리에서 바꾼다

with torch.no_grad():
    x -= 0.1 * x.grad  # 고친 코드
print("갱신 후 x:", round(x.item(), 4))
assert abs(x.item() - 2.4) < 1e-6  # markdown-exec: hide

# 제자리 대신 새 텐서를 만들면 오류는 없지만, 결과는 기록된 연산의 결과라 리프가 아니다
w = torch.tensor(3.0, requires_grad=True)
(w**2).backward()
w = w - 0.1 * w.grad
print("w = w - 0.1 * w.grad 뒤 w.is_leaf:", w.is_leaf, "| w.grad_fn:", w.grad_fn.name())
assert not w.is_leaf  # markdown-exec: hide
