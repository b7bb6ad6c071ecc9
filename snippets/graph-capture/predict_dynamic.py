def double_until_ten(start):
    out, doublings = start, 0
    while out.abs() < 10:  # 값에 따라 반복 횟수가 정해진다
        out = out * 2
        doublings += 1
    return out, doublings


runs = {}
for begin in (3.0, 0.5):
    seed_value = torch.tensor(begin, requires_grad=True)
    out, doublings = double_until_ten(seed_value)
    out.backward()
    runs[begin] = (doublings, out.item(), seed_value.grad.item())
    print(f"시작 {begin}: 두 배 {doublings}번, 결과 {out.item()}, 기울기 {seed_value.grad.item()}")
assert runs == {3.0: (2, 12.0, 4.0), 0.5: (5, 16.0, 32.0)}  # markdown-exec: hide
