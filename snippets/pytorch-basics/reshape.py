x = torch.randn(4, 6)

y = x.view(2, 12)  # 같은 메모리를 다른 형태로 본다
z = x.reshape(3, 8)  # 가능하면 뷰, 아니면 복사
w = x.squeeze()  # 크기 1인 축이 없으므로 그대로
v = x.unsqueeze(0)  # 0번 자리에 크기 1인 축 추가

for name, t in [("x", x), ("y", y), ("z", z), ("w", w), ("v", v)]:
    print(f"{name}: {str(tuple(t.shape)):<10} x와 메모리 공유: {t.data_ptr() == x.data_ptr()}")

y[0, 0] = 100.0  # 뷰를 고치면 원본도 바뀐다
print("y[0, 0]을 바꾼 뒤 x[0, 0] =", x[0, 0].item())
shapes = [tuple(t.shape) for t in (y, z, w, v)]  # markdown-exec: hide
assert shapes == [(2, 12), (3, 8), (4, 6), (1, 4, 6)]  # markdown-exec: hide
assert x[0, 0].item() == 100.0  # markdown-exec: hide
