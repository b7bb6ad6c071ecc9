import torch

x = torch.tensor(2.0, requires_grad=True)

with torch.no_grad():
    y = x * 3  # 이 구간의 연산은 기록되지 않는다

print("y:", y)
print("y.requires_grad:", y.requires_grad)
print("y.grad_fn:", y.grad_fn)
print("구간 밖에서 다시 계산:", (x * 3).requires_grad)
assert y.item() == 6.0 and not y.requires_grad and y.grad_fn is None  # markdown-exec: hide
assert (x * 3).requires_grad  # markdown-exec: hide

# 원본과 메모리를 공유하는 결과는 원본의 requires_grad를 그대로 가진다.
w = torch.ones(3, requires_grad=True)
v = torch.ones(3, requires_grad=True)
with torch.no_grad():
    fresh = w * 2  # 새 텐서를 만드는 연산
    part = w[0]  # 원본의 일부를 읽는 뷰
    same = v.mul_(1.0)  # 제자리 연산: v 자신을 돌려준다
for name, made in (("w * 2", fresh), ("w[0]", part), ("v.mul_(1.0)", same)):
    print(f"{name:<12} requires_grad={made.requires_grad!s:<5}  grad_fn={made.grad_fn}")
assert not fresh.requires_grad and part.requires_grad and same.requires_grad  # markdown-exec: hide
assert all(t.grad_fn is None for t in (fresh, part, same))  # markdown-exec: hide
assert same is v and v.is_leaf  # markdown-exec: hide
