points = torch.tensor([-100.0, 0.0, 1.0, 100.0])


def naive_softplus(x):
    return torch.log(1 + torch.exp(x))  # exp(100)은 float32에서 inf


def stable_formula(x):
    return x.clamp(min=0) + torch.log1p(torch.exp(-x.abs()))  # 수학적으로 같은 식


for name, fn in [("log(1 + exp(x))", naive_softplus), ("안정한 식", stable_formula)]:
    p = points.clone().requires_grad_()
    value = fn(p)
    value.sum().backward()
    print(f"{name:16} 값 {value.detach().tolist()}")
    print(f"{'':16} 기울기 {p.grad.tolist()}")
    if name == "안정한 식":  # markdown-exec: hide
        assert p.grad[1].item() == 0.0 and p.grad[3].item() == 1.0  # markdown-exec: hide
    else:  # markdown-exec: hide
        assert torch.isinf(value[3]) and torch.isnan(p.grad[3]) and p.grad[1].item() == 0.5  # markdown-exec: hide
print("참값 sigmoid(x)          :", torch.sigmoid(points).tolist())

# x = 0에서 두 꺾인 함수의 기울기로 autograd가 고른 값
zero = torch.tensor(0.0, requires_grad=True)
print("clamp(min=0)의 기울기:", torch.autograd.grad(zero.clamp(min=0), zero)[0].item())
print("abs의 기울기         :", torch.autograd.grad(zero.abs(), zero)[0].item())
assert torch.autograd.grad(zero.clamp(min=0), zero)[0].item() == 0.0  # markdown-exec: hide
assert torch.autograd.grad(zero.abs(), zero)[0].item() == 0.0  # markdown-exec: hide
