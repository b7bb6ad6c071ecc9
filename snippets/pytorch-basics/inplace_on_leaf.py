leaf = torch.tensor([1.0, 2.0], requires_grad=True)  # grad_fn이 None인 리프
assert leaf.is_leaf and leaf.grad_fn is None  # markdown-exec: hide

with expect_error(RuntimeError, match="leaf Variable that requires grad"):
    leaf.add_(1)

part = leaf[:1]  # 리프의 일부를 보는 뷰: 리프가 아니지만 같은 메모리다
print(
    "part는 리프인가:",
    part.is_leaf,
    "| 리프와 같은 메모리인가:",
    part.data_ptr() == leaf.data_ptr(),
)
with expect_error(RuntimeError, match="a view of a leaf Variable that requires grad"):
    part.mul_(10)  # 뷰를 거쳐도 리프의 값이 바뀌므로 똑같이 막힌다
assert leaf.tolist() == [1.0, 2.0] and not part.is_leaf  # markdown-exec: hide
try:  # markdown-exec: hide
    leaf[0] = 5.0  # markdown-exec: hide
    raise AssertionError("index assignment on a leaf that requires grad was allowed")  # markdown-exec: hide
except RuntimeError as error:  # markdown-exec: hide
    assert "a view of a leaf Variable that requires grad" in str(error)  # markdown-exec: hide
assert leaf.tolist() == [1.0, 2.0]  # markdown-exec: hide
view_or_not = [(-1, True), (slice(0, 1), True), (slice(None), False), (Ellipsis, False)]  # markdown-exec: hide
for index, via_view in [*view_or_not, (torch.tensor([True, False]), False)]:  # markdown-exec: hide
    try:  # markdown-exec: hide
        leaf[index] = 5.0  # markdown-exec: hide
        raise AssertionError(f"leaf[{index!r}] = 5.0 was allowed")  # markdown-exec: hide
    except RuntimeError as error:  # markdown-exec: hide
        message = str(error)  # markdown-exec: hide
        assert ("a view of a leaf Variable" in message) == via_view, (index, message)  # markdown-exec: hide
        assert "leaf Variable that requires grad is being used in an in-place" in message  # markdown-exec: hide
assert leaf.tolist() == [1.0, 2.0]  # markdown-exec: hide

with torch.no_grad():  # 학습 중 가중치 갱신처럼, 기록을 끄고 바꾸는 것은 허용된다
    leaf.add_(1)
print("no_grad 안에서 바꾼 리프:", leaf)
assert leaf.tolist() == [2.0, 3.0]  # markdown-exec: hide
