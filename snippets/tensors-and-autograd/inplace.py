a = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
s = torch.sigmoid(a)                                       # 역전파에 s 자신이 필요하다
print("s 버전:", s._version, end=" -> ")
s.mul_(2)                                                  # 제자리 수정
print(s._version)
with expect_error(RuntimeError, match="modified by an inplace operation"):
    s.sum().backward()
assert s._version == 1  # markdown-exec: hide

base = torch.zeros(4)
window = base[:2]                                          # 뷰
window.add_(1)
print("뷰를 고친 뒤 원본 버전:", base._version, "| 뷰 버전:", window._version)
assert base._version == 1 and window._version == 1  # markdown-exec: hide
