import torch

from bookkit.show import expect_error
from labs.deep_learning_pytorch.pytorch_basics.exercises import manual_sgd as mine

weight = torch.tensor([1.0], requires_grad=True)
(3 * weight).sum().backward()
with expect_error(NotImplementedError):
    mine.sgd_step([weight], lr=0.1)
