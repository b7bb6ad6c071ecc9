received = {}
for small, big in [((1, 3), (4, 3)), ((3, 1), (2, 3, 4)), ((), (2, 2))]:
    part = torch.zeros(small, requires_grad=True)
    (part + torch.zeros(big)).sum().backward()
    received[small] = (tuple(part.grad.shape), part.grad.flatten()[0].item())
    print(f"{small!s:<7} -> {big!s:<10}: 기울기 형태 {tuple(part.grad.shape)!s:<7} "
          f"원소 하나 {part.grad.flatten()[0].item():.0f}")
assert received == {(1, 3): ((1, 3), 4.0), (3, 1): ((3, 1), 8.0), (): ((), 4.0)}  # markdown-exec: hide
