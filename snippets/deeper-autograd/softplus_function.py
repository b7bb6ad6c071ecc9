class StableSoftplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)  # 역전파에 필요한 것만 저장
        return x.clamp(min=0) + torch.log1p(torch.exp(-x.abs()))

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.sigmoid(x)  # 연쇄 법칙: 위에서 온 기울기 x 국소 미분


softplus = StableSoftplus.apply  # 호출은 언제나 .apply로

p = points.clone().requires_grad_()
value = softplus(p)
value.sum().backward()
print("값    :", value.detach().tolist())
print("기울기:", p.grad.tolist())
print("grad_fn:", type(value.grad_fn).__name__)
print("F.softplus와 값이 같은가:", torch.allclose(value, torch.nn.functional.softplus(points)))
assert p.grad[1].item() == 0.5 and p.grad[3].item() == 1.0  # markdown-exec: hide
assert p.grad[0].item() == 0.0 and not torch.equal(value, torch.nn.functional.softplus(points))  # markdown-exec: hide
assert torch.equal(p.grad, torch.sigmoid(points))  # markdown-exec: hide
assert torch.allclose(value, torch.nn.functional.softplus(points))  # markdown-exec: hide
