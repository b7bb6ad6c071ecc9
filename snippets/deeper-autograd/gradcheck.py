import inspect

from torch.autograd import gradcheck

defaults = inspect.signature(gradcheck).parameters
print("기본값:", {name: defaults[name].default for name in ("eps", "atol", "rtol")})

x64 = torch.randn(3, dtype=torch.float64, requires_grad=True)
print("float64:", gradcheck(tanh_sum, (x64,)))
assert gradcheck(tanh_sum, (x64,))  # markdown-exec: hide
assert defaults["eps"].default == 1e-6  # markdown-exec: hide
assert defaults["atol"].default == 1e-5 and defaults["rtol"].default == 1e-3  # markdown-exec: hide
