a = torch.randn(3, requires_grad=True)
s = torch.sigmoid(a)                                       # backward에 s 자신이 필요하다
print("s 버전:", s._version, end=" -> ")
s.mul_(2)                                                  # 제자리 수정
print(s._version)
with expect_error(RuntimeError, match="modified by an inplace operation"):
    s.sum().backward()
assert s._version == 1  # markdown-exec: hide

base = torch.zeros(4)
window = base[:2]                                          # view
window.add_(1)
print("view를 고친 뒤 원본 버전:", base._version, " view 버전:", window._version)
assert base._version == 1 and window._version == 1  # markdown-exec: hide
