rng_state = torch.get_rng_state()  # markdown-exec: hide


def train_then_freeze(options, clear_grad, set_to_none=False):
    """한 걸음 학습한 뒤 첫 층을 얼리고 한 걸음 더 간다. 얼린 층이 움직였는지 돌려준다."""
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Linear(4, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, **options)
    for step in range(2):
        if step == 1:  # 학습 도중에 첫 층을 얼린다
            model[0].requires_grad_(False)
            if clear_grad:
                for param in model[0].parameters():
                    param.grad = None  # 옵티마이저가 건너뛰도록 .grad를 없앤다
            before = model[0].weight.detach().clone()
        optimizer.zero_grad(set_to_none=set_to_none)  # False: .grad를 0 텐서로 채워 둔다
        (model(torch.ones(2, 3)) ** 2).sum().backward()
        optimizer.step()
    grad = model[0].weight.grad
    return grad, not torch.equal(model[0].weight.detach(), before)


results = {}
for label, options in [("SGD", {}), ("momentum=0.9", {"momentum": 0.9}),
                       ("weight_decay=0.1", {"weight_decay": 0.1})]:
    for clear_grad in (False, True):
        grad, moved = train_then_freeze(options, clear_grad)
        results[label, clear_grad] = moved
        shown = "None" if grad is None else f"zeros{tuple(grad.shape)}"
        print(f"{label:<16} clear_grad={clear_grad!s:<5} -> 0.weight.grad={shown:<11} "
              f"| 얼린 뒤 바뀌었나={moved}")
assert results == {("SGD", False): False, ("SGD", True): False,  # markdown-exec: hide
                   ("momentum=0.9", False): True, ("momentum=0.9", True): False,  # markdown-exec: hide
                   ("weight_decay=0.1", False): True, ("weight_decay=0.1", True): False}  # markdown-exec: hide
assert train_then_freeze({"momentum": 0.9}, False, set_to_none=True) == (None, False)  # markdown-exec: hide
adam_frozen = torch.ones(3, requires_grad=True)  # markdown-exec: hide
adam_live = torch.ones(3, requires_grad=True)  # markdown-exec: hide
adam = torch.optim.Adam([adam_frozen, adam_live], lr=0.1)  # markdown-exec: hide
for step in range(2):  # markdown-exec: hide
    if step == 1:  # markdown-exec: hide
        adam_frozen.requires_grad_(False)  # markdown-exec: hide
        adam_before = adam_frozen.detach().clone()  # markdown-exec: hide
    adam.zero_grad(set_to_none=False)  # markdown-exec: hide
    (adam_frozen * adam_live).sum().backward()  # markdown-exec: hide
    adam.step()  # markdown-exec: hide
assert adam_frozen.grad is not None and not torch.equal(adam_frozen.detach(), adam_before)  # markdown-exec: hide
torch.set_rng_state(rng_state)  # markdown-exec: hide
