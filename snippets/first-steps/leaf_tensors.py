def describe(name, t):
    made_by = t.grad_fn.name() if t.grad_fn is not None else None
    flags = f"is_leaf={t.is_leaf!s:<5}  requires_grad={t.requires_grad!s:<5}"
    print(f"{name:<17} {flags}  grad_fn={made_by}")


w = torch.ones(2, requires_grad=True)  # 기울기를 요청하며 만들었다: 리프
doubled = w * 2  # 기록된 연산의 결과: grad_fn이 있으므로 리프가 아니다
plain = torch.ones(2) * 2  # 연산의 결과지만 기록할 것이 없었다: 리프
cut = doubled.detach()  # 그래프에서 떼어 낸 텐서: 리프

describe("w", w)
describe("w * 2", doubled)
describe("torch.ones(2) * 2", plain)
describe("(w * 2).detach()", cut)

(doubled.sum()).backward()
print("backward 뒤 w.grad:", w.grad, "| plain.grad:", plain.grad)
assert w.is_leaf and not doubled.is_leaf and plain.is_leaf and cut.is_leaf  # markdown-exec: hide
assert all(t.is_leaf == (t.grad_fn is None) for t in (doubled, plain, cut))  # markdown-exec: hide
assert w.grad.tolist() == [2.0, 2.0] and plain.grad is None  # markdown-exec: hide
