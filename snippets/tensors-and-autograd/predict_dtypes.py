import numpy as np

print("torch.tensor([1, 2]) + 0.5       :", (torch.tensor([1, 2]) + 0.5).dtype)
print("torch.from_numpy(np.array([1.5])):", torch.from_numpy(np.array([1.5])).dtype)
print("torch.tensor(np.array([1, 2]))   :", torch.tensor(np.array([1, 2])).dtype)
print("torch.ones(2) * np.float64(2.0)  :", (torch.ones(2) * np.float64(2.0)).dtype)
assert (torch.tensor([1, 2]) + 0.5).dtype == torch.float32  # markdown-exec: hide
assert torch.from_numpy(np.array([1.5])).dtype == torch.float64  # markdown-exec: hide
assert torch.tensor(np.array([1, 2])).dtype == torch.int64  # markdown-exec: hide
assert (torch.ones(2) * np.float64(2.0)).dtype == torch.float32  # markdown-exec: hide
import warnings  # markdown-exec: hide

with warnings.catch_warnings():  # markdown-exec: hide
    warnings.simplefilter("ignore", DeprecationWarning)  # markdown-exec: hide
    numpy_did_it = torch.ones(2) + np.array([1, 2])  # markdown-exec: hide
assert numpy_did_it.dtype == torch.float64  # markdown-exec: hide
assert (torch.ones(2) + torch.from_numpy(np.array([1, 2]))).dtype == torch.float32  # markdown-exec: hide
try:  # markdown-exec: hide
    torch.ones(2, requires_grad=True) + np.array([1.0, 2.0])  # markdown-exec: hide
    raise AssertionError("a tensor that requires grad was added to an ndarray")  # markdown-exec: hide
except RuntimeError as error:  # markdown-exec: hide
    assert "Can't call numpy() on Tensor that requires grad" in str(error)  # markdown-exec: hide
for array_first in (  # markdown-exec: hide
    lambda: np.array([1, 2]) + torch.ones(2),  # markdown-exec: hide
    lambda: np.array([1.0, 2.0]) * torch.ones(2),  # markdown-exec: hide
    lambda: np.array([1.0, 2.0]) + torch.ones(2, requires_grad=True),  # markdown-exec: hide
):  # markdown-exec: hide
    try:  # markdown-exec: hide
        array_first()  # markdown-exec: hide
        raise AssertionError("an ndarray on the left of a tensor did not raise")  # markdown-exec: hide
    except TypeError:  # markdown-exec: hide
        pass  # markdown-exec: hide
