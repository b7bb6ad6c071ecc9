points = torch.tensor([-100.0, 0.0, 1.0, 100.0])


def naive_softplus(x):
    return torch.log(1 + torch.exp(x))  # exp(100)은 float32에서 inf


def stable_formula(x):
    return x.clamp(min=0) + torch.log1p(torch.exp(-x.abs()))  # 수학적으로 같은 식


for name, fn in [("log(1 + exp(x))", naive_softplus), ("안정한 식", stable_formula)]:
    p = points.clone().requires_grad_()
    value = fn(p)
    value.sum().backward()
    print(f"{name} 값: {value.detach().tolist()}")
    print(f"{name} 기울기: {p.grad.tolist()}")
    if name == "안정한 식":  # markdown-exec: hide
        assert p.grad[1].item() == 0.0 and p.grad[3].item() == 1.0  # markdown-exec: hide
    else:  # markdown-exec: hide
        assert torch.isinf(value[3]) and torch.isnan(p.grad[3]) and p.grad[1].item() == 0.5  # markdown-exec: hide
print("참값 σ(x), float64로:", torch.sigmoid(points.double()).tolist())
assert f"{p.grad[0].item():.1e}" == "3.8e-44"  # markdown-exec: hide
assert f"{torch.sigmoid(points.double())[0].item():.1e}" == "3.7e-44"  # markdown-exec: hide
assert torch.sigmoid(points)[0].item() == 0.0  # markdown-exec: hide

# x = 0에서 꺾인 함수의 기울기로 autograd가 고른 값: 같은 max(x, 0)도 쓰는 연산마다 다르다
zero = torch.tensor(0.0, requires_grad=True)
kinks = {
    "abs(x)": zero.abs(),
    "x.clamp(min=0)": zero.clamp(min=0),
    "torch.relu(x)": torch.relu(zero),
    "torch.maximum(x, 0)": torch.maximum(zero, torch.zeros(())),
}
chosen = {name: torch.autograd.grad(out, zero)[0].item() for name, out in kinks.items()}
for name, grad in chosen.items():
    print(f"{name:<19}  x = 0에서의 기울기: {grad}")
assert chosen == {"abs(x)": 0.0, "x.clamp(min=0)": 0.0, "torch.relu(x)": 0.0,  # markdown-exec: hide
                  "torch.maximum(x, 0)": 0.5}  # markdown-exec: hide
