inputs = (5 * torch.randn(6, dtype=torch.float64)).requires_grad_()  # 양쪽 꼬리까지 넓게
print("inputs =", inputs.detach())
print("StableSoftplus gradcheck:", gradcheck(softplus, (inputs,)))
assert gradcheck(softplus, (inputs,))  # markdown-exec: hide
