def forward(x: torch.Tensor) -> torch.Tensor:
    """입력 값에 따라 다른 연산을 고르는 모델: 보통의 if/for 문이다."""
    h = x * 2
    if h.sum() > 0:  # 실행할 때의 값으로 분기한다
        h = h.relu()
    else:
        h = h.tanh()
    for _ in range(int(x.abs().sum().item()) % 3 + 1):  # 반복 횟수도 값에 따라
        h = h * x
    return h.sum()


graphs = {}
for value in (1.5, -2.0):
    x = torch.tensor([value], requires_grad=True)
    graphs[value] = (forward(x), x)
    chain, fn = [], graphs[value][0].grad_fn
    while fn is not None:
        chain.append(type(fn).__name__)
        fn = fn.next_functions[0][0] if fn.next_functions else None
    print(f"x = {value:>4}: " + " <- ".join(chain))
    count = chain.count("MulBackward0") - 1  # markdown-exec: hide
    assert count == (2 if value > 0 else 3)  # markdown-exec: hide
    assert ("ReluBackward0" if value > 0 else "TanhBackward0") in chain  # markdown-exec: hide
