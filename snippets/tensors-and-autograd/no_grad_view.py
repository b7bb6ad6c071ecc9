base = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)  # 기울기가 필요한 리프 텐서
with torch.no_grad():
    computed = base * 2  # 새로 계산한 결과
    head = base[:2]  # 뷰 연산의 결과
    head_grad_fn = head.grad_fn  # 고치기 전에 읽어 둔다
    before = base._version
    head.mul_(1.0)  # 뷰를 제자리에서 고치면 원본의 버전도 오른다
print(
    "no_grad: base * 2 | requires_grad",
    computed.requires_grad,
    "| 메모리 공유",
    shares_memory(computed, base),
)
print(
    "no_grad: base[:2] | requires_grad",
    head.requires_grad,
    "| grad_fn",
    head_grad_fn,
    "| 메모리 공유",
    shares_memory(head, base),
)
print("뷰 수정 -> 원본 버전:", before, "->", base._version)
with expect_error(RuntimeError, match="A view was created in no_grad mode"):
    head.mul_(2.0)  # 기록이 켜진 곳에서 그 뷰를 제자리로 고친다

with torch.no_grad():
    tail = base[1:]  # 고치지 않은 새 뷰
(tail * 2).sum().backward()  # 오류도 경고도 없다
print("no_grad의 뷰로 역전파 | is_leaf", tail.is_leaf, "| tail.grad", tail.grad, "| base.grad", base.grad)
with expect_error(RuntimeError, match="not have been used in the graph"):
    torch.autograd.grad((tail * 2).sum(), tail)

plain = torch.tensor([1.0, 2.0, 3.0])  # 보통 텐서
with torch.inference_mode():
    plain_view = plain[:2]
print(
    "inference_mode: plain[:2] | 추론 텐서인가",
    plain_view.is_inference(),
    "| 메모리 공유",
    shares_memory(plain_view, plain),
)
assert not computed.requires_grad and not shares_memory(computed, base)  # markdown-exec: hide
assert head.requires_grad and head_grad_fn is None  # markdown-exec: hide
assert shares_memory(head, base)  # markdown-exec: hide
assert before == 0 and base._version == 1  # markdown-exec: hide
for grad_mode in (False, True):  # markdown-exec: hide
    with torch.set_grad_enabled(grad_mode):  # markdown-exec: hide
        try:  # markdown-exec: hide
            head.grad_fn  # markdown-exec: hide
            raise AssertionError("reading head.grad_fn after the in-place change")  # markdown-exec: hide
        except RuntimeError as error:  # markdown-exec: hide
            assert "A view was created in no_grad mode" in str(error)  # markdown-exec: hide
assert tail.is_leaf and tail.requires_grad and tail.grad is None and base.grad is None  # markdown-exec: hide
assert not plain_view.is_inference() and shares_memory(plain_view, plain)  # markdown-exec: hide
