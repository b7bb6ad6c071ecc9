import torch

from labs.deep_learning_pytorch.pytorch_basics.solutions.manual_sgd import sgd_step

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)  # 매개변수 weight (1, 3), bias (1,)
twin = torch.nn.Linear(3, 1)
twin.load_state_dict(model.state_dict())  # 같은 값에서 출발하는 쌍둥이
optimizer = torch.optim.SGD(twin.parameters(), lr=0.1)
inputs, targets = torch.randn(8, 3), torch.randn(8, 1)  # (B, 3), (B, 1)

weight_object = model.weight
for step in range(3):
    loss = ((model(inputs) - targets) ** 2).mean()
    loss.backward()
    sgd_step(model.parameters(), lr=0.1)

    optimizer.zero_grad()
    twin_loss = ((twin(inputs) - targets) ** 2).mean()
    twin_loss.backward()
    optimizer.step()
    print(f"step {step}: 손실 {loss.item():.4f} / SGD {twin_loss.item():.4f}")

print("torch.optim.SGD와 같은 매개변수:", torch.allclose(model.weight, twin.weight))
print("같은 텐서 객체인가:", model.weight is weight_object)
print(
    f"리프인가: {model.weight.is_leaf}, grad_fn: {model.weight.grad_fn}, .grad: {model.weight.grad}"
)
assert torch.allclose(model.weight, twin.weight)  # markdown-exec: hide
assert torch.allclose(model.bias, twin.bias)  # markdown-exec: hide
assert model.weight is weight_object and model.weight.is_leaf  # markdown-exec: hide
assert model.weight.grad is None  # markdown-exec: hide
