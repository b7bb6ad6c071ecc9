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

# requires_grad가 꺼지지 않는 결과: 직접 요청한 새 텐서, 원본과 메모리를 공유하는 결과
w = torch.ones(3, requires_grad=True)
v = torch.ones(3, requires_grad=True)
with torch.no_grad():
    fresh = w * 2  # 있는 텐서로 새 텐서를 계산한다
    made = torch.ones(3, requires_grad=True)  # 만드는 함수에 직접 요청한다: 리프
    part = w[0]  # 원본의 일부를 읽는 뷰
    picked = w[[0]]  # 정수 리스트로 고르면 뷰가 아니라 복사본
    same = v.mul_(1.0)  # 제자리 연산: 리프 v 자신을 돌려준다
cases = (
    ("w * 2", fresh),
    ("torch.ones(3, requires_grad=True)", made),
    ("w[0]", part),
    ("w[[0]]", picked),
    ("v.mul_(1.0)", same),
)
for name, result in cases:
    print(f"{name:<34} requires_grad={result.requires_grad!s:<5}  grad_fn={result.grad_fn}")
assert not fresh.requires_grad and part.requires_grad and same.requires_grad  # markdown-exec: hide
assert not picked.requires_grad  # markdown-exec: hide
assert made.requires_grad and made.is_leaf  # markdown-exec: hide
assert all(t.grad_fn is None for t in (fresh, made, part, same))  # markdown-exec: hide
assert same is v and v.is_leaf  # markdown-exec: hide

# no_grad 안에서 읽은 뷰는 리프처럼 보이지만, 그것으로 역전파해도 기울기가 어디에도 쌓이지 않는다
(part * 5).backward()
print("part.is_leaf:", part.is_leaf, "| part.grad:", part.grad, "| w.grad:", w.grad)
assert part.is_leaf and part.grad is None and w.grad is None  # markdown-exec: hide

# 리프가 아닌 원본: 뷰는 여전히 grad_fn이 없고, 제자리 연산은 원본의 grad_fn을 그대로 가진다
z = w * 2  # grad_fn=MulBackward0
with torch.no_grad():
    z_part = z[0]  # 리프가 아닌 원본의 뷰
label = "z[0], z = w * 2"
print(f"{label:<34} requires_grad={z_part.requires_grad!s:<5}  grad_fn={z_part.grad_fn}")
with torch.no_grad():
    unchanged = z.float()  # 이미 float32: 바꿀 것이 없어 z 자신을 돌려준다
label = "z.float(), z = w * 2"
print(f"{label:<34} requires_grad={unchanged.requires_grad!s:<5}  grad_fn={unchanged.grad_fn.name()}")
assert unchanged is z  # markdown-exec: hide
with torch.no_grad():  # markdown-exec: hide
    assert z.to(z.device) is z and z.contiguous() is z  # markdown-exec: hide
assert z.grad_fn is not None  # markdown-exec: hide
assert z_part.requires_grad and z_part.grad_fn is None  # markdown-exec: hide
with torch.no_grad():
    kept = z.mul_(3.0)  # z 자신을 돌려준다. 이 곱셈은 기록되지 않는다
label = "z.mul_(3.0), z = w * 2"
print(f"{label:<34} requires_grad={kept.requires_grad!s:<5}  grad_fn={kept.grad_fn.name()}")
z.sum().backward()
print("z의 값:", z.tolist(), "| w.grad:", w.grad.tolist())
assert kept is z and kept.requires_grad  # markdown-exec: hide
assert kept.grad_fn.name() == "MulBackward0"  # markdown-exec: hide
assert z.tolist() == [6.0, 6.0, 6.0] and w.grad.tolist() == [2.0, 2.0, 2.0]  # markdown-exec: hide

# 역전파에 자기 출력이 필요한 연산: exp의 기울기는 exp(w) 자신이다
from bookkit.show import expect_error

e = w.exp()
with torch.no_grad():
    e.mul_(3.0)
with expect_error(RuntimeError, match="modified by an inplace operation"):
    e.sum().backward()
with torch.no_grad():  # markdown-exec: hide
    as_int = w.view(torch.int32)  # markdown-exec: hide
assert not as_int.requires_grad and as_int.data_ptr() == w.data_ptr()  # markdown-exec: hide
