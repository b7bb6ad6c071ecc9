# 시그모이드의 역전파는 출력 s를 저장해 두었다가 s * (1 - s)를 쓴다. a는 앞 블록의 [0.5, -1, 2]

# (1) detach()한 텐서를 제자리에서 고치면 원본 s의 버전이 올라가고, 역전파가 멈춘다
s = torch.sigmoid(a)
s.detach().mul_(2)
print("detach() 쪽 수정 뒤 s의 버전:", s._version, end=" / ")
with expect_error(RuntimeError, match="modified by an inplace operation"):
    s.sum().backward()
assert s._version == 1  # markdown-exec: hide

# (2) no_grad 안에서 고쳐도 버전은 오른다: no_grad가 끄는 것은 기록뿐이다
s = torch.sigmoid(a)
with torch.no_grad():
    s.mul_(2)
print("no_grad 안 수정 뒤 s의 버전:", s._version, end=" / ")
with expect_error(RuntimeError, match="modified by an inplace operation"):
    s.sum().backward()
assert s._version == 1  # markdown-exec: hide

# (3) .data로 고치면 버전이 그대로라 검사를 지나치고, 오류 없이 틀린 기울기가 나온다
s = torch.sigmoid(a)
s.data.mul_(2)
print(".data 수정 뒤 s의 버전:", s._version)
assert s._version == 0  # markdown-exec: hide
s.sum().backward()
silent = a.grad.clone()

a.grad = None
(torch.sigmoid(a) * 2).sum().backward()  # 고친 코드: 새 텐서를 만들면 그래프가 안다
correct = a.grad.clone()

with torch.no_grad():
    sig = torch.sigmoid(a)
    by_hand_right = 2 * sig * (1 - sig)  # 2s(1 - s)
    by_hand_wrong = 2 * sig * (1 - 2 * sig)  # (2s)(1 - 2s)
def rounded(t):
    return [round(v, 4) for v in t.tolist()]


print("s.data.mul_(2) 뒤 a.grad:", rounded(silent), "| 손 계산", rounded(by_hand_wrong))
print("sigmoid(a) * 2의 a.grad:", rounded(correct), "| 손 계산", rounded(by_hand_right))
assert torch.allclose(silent, by_hand_wrong) and torch.allclose(correct, by_hand_right)  # markdown-exec: hide
assert [round(v, 4) for v in silent.tolist()] == [-0.3049, 0.2486, -1.3416]  # markdown-exec: hide
assert [round(v, 4) for v in correct.tolist()] == [0.47, 0.3932, 0.21]  # markdown-exec: hide
assert round(sig[0].item(), 4) == 0.6225  # markdown-exec: hide
