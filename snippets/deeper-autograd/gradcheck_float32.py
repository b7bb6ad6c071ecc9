from torch.autograd.gradcheck import GradcheckError

x32 = x64.detach().float().requires_grad_()
with expect_error(GradcheckError, match="Jacobian mismatch"):
    gradcheck(tanh_sum, (x32,))
assert torch.allclose(jacobian(tanh_sum, x32.detach()).double(), jacobian(tanh_sum, x64.detach()), atol=1e-6)  # markdown-exec: hide
assert 1e-7 < torch.finfo(torch.float32).eps < 1e-6  # markdown-exec: hide
