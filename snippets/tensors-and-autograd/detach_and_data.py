x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
z = x.detach()  # 기록에서 떼어 낸 텐서, 저장 공간은 공유
w = x.data  # 겉보기 결과는 같다

for name, t in [("x.detach()", z), ("x.data", w)]:
    print(f"{name:<11} requires_grad={t.requires_grad}  x와 메모리 공유={t.data_ptr() == x.data_ptr()}")
assert not z.requires_grad and not w.requires_grad  # markdown-exec: hide
assert z.data_ptr() == w.data_ptr() == x.data_ptr()  # markdown-exec: hide
