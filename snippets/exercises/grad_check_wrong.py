class Square(torch.autograd.Function):
    """순전파는 t², 역전파는 일부러 틀리게 t (정답은 2t)."""

    @staticmethod
    def forward(ctx, t):
        ctx.save_for_backward(t)
        return t**2

    @staticmethod
    def backward(ctx, grad):
        (t,) = ctx.saved_tensors
        return grad * t  # 버그: 2를 빠뜨렸다


def wrong(t):
    return Square.apply(t).sum()


x = torch.tensor([1.0, 2.0, 3.0])
leaf = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)  # x와 같은 값의 리프
wrong(leaf).backward()
print("autograd가 준 기울기:", leaf.grad.tolist())
print("중심 차분:", [round(v, 6) for v in numerical_grad(wrong, x).tolist()])
print("grad_matches:", grad_matches(wrong, x))
float64_leaf = x.to(torch.float64).requires_grad_(True)  # gradcheck는 float64 입력을 쓴다
verdict = torch.autograd.gradcheck(wrong, (float64_leaf,), raise_exception=False)
print("torch.autograd.gradcheck:", verdict)
assert leaf.grad.tolist() == [1.0, 2.0, 3.0]  # markdown-exec: hide
assert grad_matches(wrong, x) is False  # markdown-exec: hide
assert verdict is False  # markdown-exec: hide
