grad = torch.ones(2, 3, 4)  # (2, 3, 4): 모든 원소가 1이면 결과는 합쳐진 원소의 수
counts = {}
for shape in [(3, 4), (3, 1), (1, 4), (1, 1, 1), ()]:
    result = unbroadcast(grad, shape)
    counts[shape] = result.flatten()[0].item()
    print(f"shape {str(shape):10} <- grad (2, 3, 4): 결과 shape {tuple(result.shape)}, "
          f"원소 하나 = {counts[shape]:.0f}")
    assert tuple(result.shape) == shape  # markdown-exec: hide
assert counts == {(3, 4): 2, (3, 1): 8, (1, 4): 6, (1, 1, 1): 24, (): 24}  # markdown-exec: hide
assert all(torch.equal(unbroadcast(grad, s), grad.sum_to_size(s)) for s in counts)  # markdown-exec: hide
