paths = {}
for rate in (0.5, 1.0):
    value = torch.tensor(3.0, requires_grad=True)
    paths[rate] = [value.item()]
    for _ in range(3):
        (value**2).backward()
        with torch.no_grad():
            value -= rate * value.grad
        value.grad.zero_()
        paths[rate].append(value.item())
    print(f"학습률 {rate}: x = {paths[rate]}")
assert paths == {0.5: [3.0, 0.0, 0.0, 0.0], 1.0: [3.0, -3.0, 3.0, -3.0]}  # markdown-exec: hide
