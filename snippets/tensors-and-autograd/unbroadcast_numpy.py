rng = np.random.default_rng(0)
X_np = rng.normal(size=(4, 3))  # (B, D)
b_np = rng.normal(size=(1, 3))  # (1, D) -> (B, D)로 브로드캐스팅


def loss_np(bias):  # 스칼라 손실
    return np.sum(np.tanh(X_np + bias) ** 2)


z_np = X_np + b_np  # (B, D) Z: 브로드캐스팅된 덧셈
y_np = np.tanh(z_np)  # (B, D) Y
dL_dY = 2 * y_np  # (B, D) Y에 대한 기울기
dL_dZ = dL_dY * (1 - y_np**2)  # (B, D) Z = X + b에 대한 기울기
grad_b = dL_dZ.sum(axis=0, keepdims=True)  # (1, D) 브로드캐스팅된 축으로 합

numeric = np.zeros_like(b_np)
eps = 1e-6
for j in range(3):  # 중심 차분
    step = np.zeros_like(b_np)
    step[0, j] = eps
    numeric[0, j] = (loss_np(b_np + step) - loss_np(b_np - step)) / (2 * eps)
print("합으로 줄인 기울기:", grad_b.round(6))
print("중심 차분:", numeric.round(6))
print("dL/dZ 형태 -> b 기울기 형태:", dL_dZ.shape, "->", grad_b.shape)

b_t = torch.tensor(b_np, requires_grad=True)  # 같은 값으로 autograd
(torch.tanh(torch.tensor(X_np) + b_t) ** 2).sum().backward()
print("autograd b.grad:", b_t.grad.numpy().round(6), tuple(b_t.grad.shape))
assert grad_b.round(6).tolist() == [[-0.816216, -1.317264, -2.125962]]  # markdown-exec: hide
assert np.allclose(grad_b, numeric, atol=1e-6)  # markdown-exec: hide
assert np.allclose(b_t.grad.numpy(), grad_b)  # markdown-exec: hide
z_t = torch.tensor(X_np) + torch.tensor(b_np, requires_grad=True)  # markdown-exec: hide
z_t.retain_grad()  # markdown-exec: hide
y_t = torch.tanh(z_t)  # markdown-exec: hide
y_t.retain_grad()  # markdown-exec: hide
(y_t**2).sum().backward()  # markdown-exec: hide
assert np.allclose(y_t.grad.numpy(), dL_dY)  # markdown-exec: hide
assert np.allclose(z_t.grad.numpy(), dL_dZ)  # markdown-exec: hide
