from bookkit.show import expect_error

# requires_grad=True인 텐서가 하나도 없으면 기록된 계산이 없다.
plain = torch.tensor(2.0)
with expect_error(RuntimeError, match="does not require grad"):
    (plain**2).backward()
print("plain.grad:", plain.grad)

# backward()를 부르기 전에는 .grad가 비어 있다.
x = torch.tensor(2.0, requires_grad=True)
y = x**2
print("backward 전 x.grad:", x.grad)
y.backward()
print("backward 후 x.grad:", x.grad)

# 기울기가 필요한 텐서에서 기록된 연산으로 출력까지 이어지면 backward()는 성공한다.
w = torch.ones(2, requires_grad=True)
b = torch.ones(2)  # requires_grad=True를 빠뜨렸다
(w * 3 + b).sum().backward()  # 오류 없음
print("w.grad:", w.grad, "| b.grad:", b.grad)

# w를 써도 기록되지 않는 비교(w > 0)만 거쳐 출력에 닿으면 기록된 계산이 없다.
with expect_error(RuntimeError, match="does not require grad"):
    ((w > 0).float() * b).sum().backward()

# 출력 자체가 requires_grad=True인 리프면 기록된 연산이 없어도 backward()는 성공한다.
alone = torch.tensor(3.0, requires_grad=True)
alone.backward()
print("alone.grad_fn:", alone.grad_fn, "| alone.grad:", alone.grad)

# 리프이고 requires_grad=True여도, 출력까지 가는 길이 끊겼으면 .grad는 None이다.
c = torch.ones(2, requires_grad=True)
kept = torch.ones(2, requires_grad=True)
(c.detach() * 2 + kept).sum().backward()  # c는 detach()한 쪽으로만 쓰였다
print("c.is_leaf:", c.is_leaf, "| c.requires_grad:", c.requires_grad, "| c.grad:", c.grad)
print("kept.grad:", kept.grad)
assert plain.grad is None and x.grad.item() == 4.0  # markdown-exec: hide
assert w.grad.tolist() == [3.0, 3.0] and b.grad is None  # markdown-exec: hide
assert c.is_leaf and c.requires_grad and c.grad is None  # markdown-exec: hide
assert kept.grad.tolist() == [1.0, 1.0]  # markdown-exec: hide
assert alone.grad_fn is None and alone.grad.item() == 1.0  # markdown-exec: hide
