from torch.func import functional_call

model = torch.nn.Linear(3, 1)                              # 매개변수를 내부 상태로 가진다
params = {name: p.detach() for name, p in model.named_parameters()}


def module_loss(params, x, y):                             # 매개변수를 인자로 받는 순수 함수
    pred = functional_call(model, params, (x[None],))      # (1, 1)
    return ((pred.squeeze() - y) ** 2)


per_sample_params = vmap(grad(module_loss), in_dims=(None, 0, 0))(params, X, y)
print({name: tuple(g.shape) for name, g in per_sample_params.items()})

model.zero_grad()
module_loss(dict(model.named_parameters()), X[2], y[2]).backward()   # 샘플 2만 따로
print("샘플 2의 weight 기울기가 backward와 같은가:",
      torch.allclose(per_sample_params["weight"][2], model.weight.grad))
assert torch.allclose(per_sample_params["weight"][2], model.weight.grad)  # markdown-exec: hide
assert tuple(per_sample_params["weight"].shape) == (5, 1, 3)  # markdown-exec: hide
