x = torch.tensor(2.0, requires_grad=True)

# (1) 역전파 한 번 안에서: x에서 y로 가는 두 길의 몫을 엔진이 더한다
y = x * 3 + x**2  # 길 1: 3x (몫 3), 길 2: x² (몫 2x = 4)
(dy_dx,) = torch.autograd.grad(y, x)  # .grad에 쓰지 않고 기울기만 돌려받는다
print("역전파 한 번의 기울기:", dy_dx.item(), "| 그동안 x.grad:", x.grad)
assert dy_dx.item() == 7.0 and x.grad is None  # markdown-exec: hide

# (2) backward() 호출 사이에서: 호출마다 구한 7이 .grad에 쌓인다
totals = []
for call in range(1, 3):
    y = x * 3 + x**2  # 매번 새 그래프
    y.backward()
    totals.append(x.grad.item())
    print(f"backward() {call}번째 호출 뒤 x.grad:", x.grad.item())
assert totals == [7.0, 14.0]  # markdown-exec: hide
