model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Linear(4, 1))  # 층 두 개를 차례로
model[0].requires_grad_(False)  # 첫 층의 매개변수를 얼린다
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)  # 매개변수를 모두 넘긴다

before = {name: param.detach().clone() for name, param in model.named_parameters()}
loss = (model(torch.ones(2, 3)) ** 2).sum()
loss.backward()
optimizer.step()
for name, param in model.named_parameters():
    grad = None if param.grad is None else tuple(param.grad.shape)
    changed = not torch.equal(param.detach(), before[name])
    flag = f"requires_grad={param.requires_grad!s:<5}"
    print(f"{name:<9} {flag} grad={grad!s:<7} step 뒤 바뀌었나={changed}")
assert model[0].weight.grad is None and model[0].bias.grad is None  # markdown-exec: hide
assert torch.equal(model[0].weight, before["0.weight"])  # markdown-exec: hide
assert torch.equal(model[0].bias, before["0.bias"])  # markdown-exec: hide
assert not torch.equal(model[1].weight.detach(), before["1.weight"])  # markdown-exec: hide
assert not torch.equal(model[1].bias.detach(), before["1.bias"])  # markdown-exec: hide
try:  # markdown-exec: hide
    (model[1].weight * 2).requires_grad_(False)  # markdown-exec: hide
    raise AssertionError("requires_grad_ changed a non-leaf")  # markdown-exec: hide
except RuntimeError as error:  # markdown-exec: hide
    assert "only change requires_grad flags of leaf variables" in str(error)  # markdown-exec: hide
