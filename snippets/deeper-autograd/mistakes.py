# 1. gradient의 형태가 출력과 다르다
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with expect_error(RuntimeError, match="Mismatch in shape"):
    f(x).backward(gradient=torch.ones(3))  # f(x)는 (2,)

# 2. autograd.Function을 인스턴스로 만들어 부른다
with expect_error(RuntimeError, match="non-static forward"):
    StableSoftplus()(x)

# 3. 반복문 안에서 hook을 등록한다: 단계마다 hook이 하나씩 늘어난다
w = torch.tensor(1.0, requires_grad=True)
grads = []
for _ in range(3):
    w.register_hook(lambda grad: grad * 0.5)  # 기울기를 절반으로 줄이려던 hook
    w.grad = None
    (3 * w).backward()
    grads.append(w.grad.item())
print("단계별 w.grad (의도는 매번 1.5):", grads)
assert grads == [1.5, 0.75, 0.375]  # markdown-exec: hide
