# 기울기를 요청한 뒤에 자료형을 바꾼다: .to()가 기록된 연산이 된다
w = torch.ones(2, requires_grad=True).to(torch.float64)
print("w.is_leaf:", w.is_leaf, "| w.grad_fn:", w.grad_fn.name())
(w * w).sum().backward()
w_grad = w.grad  # 리프가 아니므로 None, 그리고 경고
print("w.grad:", w_grad)

# 고친 코드 1: 쓸 자료형과 장치로 처음부터 만든다
w1 = torch.ones(2, dtype=torch.float64, device=device, requires_grad=True)
# 고친 코드 2: 먼저 옮기고, 그다음 기울기를 요청한다
w2 = torch.ones(2).to(torch.float64).requires_grad_()
for name, t in (("w1", w1), ("w2", w2)):
    (t * t).sum().backward()
    print(name, "is_leaf:", t.is_leaf, "| .grad:", t.grad)

# 바꿀 것이 없는 .to()는 원래 텐서를 그대로 돌려주므로 리프도 그대로다
u = torch.ones(2, requires_grad=True)
same = u.to("cpu")
print("u.to('cpu') is u:", same is u, "| is_leaf:", same.is_leaf)
# 같은 CPU라도 번호를 붙여 적거나 copy=True를 주면 새 텐서가 되어 리프가 아니다
numbered = u.to("cpu:0")
copied = u.to("cpu", copy=True)
print("u.to('cpu:0') is u:", numbered is u, "| is_leaf:", numbered.is_leaf)
print("u.to('cpu', copy=True) is u:", copied is u, "| is_leaf:", copied.is_leaf)
assert not w.is_leaf and w_grad is None  # markdown-exec: hide
assert w1.grad.tolist() == [2.0, 2.0] and w2.grad.tolist() == [2.0, 2.0]  # markdown-exec: hide
assert w1.is_leaf and w2.is_leaf and same is u and same.is_leaf  # markdown-exec: hide
assert numbered is not u and copied is not u  # markdown-exec: hide
assert not numbered.is_leaf and not copied.is_leaf  # markdown-exec: hide
