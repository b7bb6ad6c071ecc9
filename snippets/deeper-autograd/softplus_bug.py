class ForgetfulSoftplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0) + torch.log1p(torch.exp(-x.abs()))

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return torch.sigmoid(x)  # 버그: grad_output을 곱하지 않았다


with expect_error(GradcheckError, match="Jacobian mismatch"):
    gradcheck(ForgetfulSoftplus.apply, (inputs.detach()[:3].requires_grad_(),))
