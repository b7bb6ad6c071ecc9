import torch

from bookkit.show import expect_error

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(x.shape)
assert x.shape == (2, 2)  # markdown-exec: hide
import warnings
warnings.warn("hello warning")
with expect_error(RuntimeError):
    w = torch.ones(2, requires_grad=True)
    y = (w * w).sum()
    y.backward()
    y.backward()
