import numpy as np
import torch

from labs.deep_learning_pytorch.tensors_and_autograd.solutions.unbroadcast_grad import unbroadcast

rng = np.random.default_rng(0)
X = torch.from_numpy(rng.normal(size=(4, 3)))  # (B, D) float64
b = torch.from_numpy(rng.normal(size=(1, 3))).requires_grad_()  # (1, D) -> (B, D)
Z = X + b  # (B, D) 브로드캐스팅된 덧셈의 결과
Y = torch.tanh(Z)  # (B, D)
(Y**2).sum().backward()

Yd = Y.detach()
dL_dZ = 2 * Yd * (1 - Yd**2)  # (B, D) dL/dY = 2Y에 tanh의 미분 1 - Y^2을 곱한 Z의 기울기
print("dL/dZ 형태:", tuple(dL_dZ.shape))
print("autograd의 b.grad:", b.grad.numpy().round(6))
print("unbroadcast(dL/dZ):", unbroadcast(dL_dZ, b.shape).numpy().round(6))
got = b.grad.numpy().round(6).tolist()  # markdown-exec: hide
assert got == [[-0.816216, -1.317264, -2.125962]]  # markdown-exec: hide
assert torch.allclose(unbroadcast(dL_dZ, b.shape), b.grad)  # markdown-exec: hide
