# sigmoid의 backward는 자신의 출력 s를 저장해 두었다가 s * (1 - s)를 쓴다.
p = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)

s = torch.sigmoid(p)
s.detach().zero_()  # detach한 텐서를 제자리에서 바꾸면 버전 카운터가 올라간다
with expect_error(RuntimeError, match="modified by an inplace operation"):
    s.sum().backward()

s = torch.sigmoid(p)
expected = (s * (1 - s)).detach()  # 올바른 기울기
s.data.zero_()  # .data는 버전 카운터를 건드리지 않는다
s.sum().backward()  # 오류 없이 끝나지만...
print("올바른 기울기 s(1-s):", expected)
print(".data 뒤의 p.grad:  ", p.grad)
assert torch.equal(p.grad, torch.zeros(3)) and not torch.equal(p.grad, expected)  # markdown-exec: hide
