a = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
s = torch.sigmoid(a)
with torch.no_grad():
    s.mul_(2)                                              # no_grad 안에서도 버전은 오른다
print("no_grad 안 수정 뒤 버전:", s._version, end=" / ")
with expect_error(RuntimeError, match="modified by an inplace operation"):
    s.sum().backward()
assert s._version == 1  # markdown-exec: hide

s = torch.sigmoid(a)
s.data.mul_(2)                                             # autograd 몰래 고친다
print("s.data 수정 뒤 버전:", s._version)
assert s._version == 0  # markdown-exec: hide
s.sum().backward()                                         # 오류 없이 끝난다
silent = a.grad.clone()

a.grad = None
s = torch.sigmoid(a) * 2                                   # 새 텐서: 그래프가 안다
s.sum().backward()
correct = a.grad.clone()

with torch.no_grad():
    sig = torch.sigmoid(a)
    by_hand_right = 2 * sig * (1 - sig)                    # 2 s (1 - s)
    by_hand_wrong = 2 * sig * (1 - 2 * sig)                # (2s)(1 - 2s)
print("s.data.mul_(2) 뒤 a.grad:", silent.numpy().round(4), " 손 계산", by_hand_wrong.numpy().round(4))
print("s = s * 2      뒤 a.grad:", correct.numpy().round(4), " 손 계산", by_hand_right.numpy().round(4))
assert torch.allclose(silent, by_hand_wrong) and torch.allclose(correct, by_hand_right)  # markdown-exec: hide
assert [round(v, 4) for v in silent.tolist()] == [-0.3049, 0.2486, -1.3416]  # markdown-exec: hide
assert [round(v, 4) for v in correct.tolist()] == [0.47, 0.3932, 0.21]  # markdown-exec: hide
assert round(sig[0].item(), 4) == 0.6225  # markdown-exec: hide
