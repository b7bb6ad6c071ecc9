import numpy as np
import torch

from labs.deep_learning_pytorch.tensors_and_autograd.solutions.unbroadcast_grad import unbroadcast

rng = np.random.default_rng(0)
X = torch.from_numpy(rng.normal(size=(4, 3)))  # (B, D) float64
b = torch.from_numpy(rng.normal(size=(1, 3))).requires_grad_()  # (1, D) -> (B, D)
Y = torch.tanh(X + b)  # (B, D)
(Y**2).sum().backward()

dL_dY = 2 * Y.detach() * (1 - Y.detach() ** 2)  # (B, D) 출력 쪽 gradient
print("dL/dY shape         :", tuple(dL_dY.shape))
print("autograd의 b.grad   :", b.grad.numpy().round(6))
print("unbroadcast(dL/dY)  :", unbroadcast(dL_dY, b.shape).numpy().round(6))
assert b.grad.numpy().round(6).tolist() == [[-0.816216, -1.317264, -2.125962]]  # markdown-exec: hide
assert torch.allclose(unbroadcast(dL_dY, b.shape), b.grad)  # markdown-exec: hide
