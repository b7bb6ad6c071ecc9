from bookkit.show import expect_error

with expect_error(RuntimeError, match=r"view size is not compatible.*Use \.reshape"):
    xt.view(6)                         # 보폭 하나로 0, 3, 1, 4, 2, 5를 표현할 수 없다

every_other = grid[:, ::2]             # (3, 2) 보폭 (4, 2): 연속적이 아니다
spread = every_other.view(6)           # 원소가 2칸 간격으로 고르게 놓여 보폭 2 하나로 읽힌다
print("grid[:, ::2] 연속적:", every_other.is_contiguous(), "| view(6):", spread.tolist(),
      "| 보폭:", spread.stride(), "| 같은 메모리:", spread.data_ptr() == grid.data_ptr())
with expect_error(RuntimeError, match="view size is not compatible"):
    grid[:, 1:].view(9)                # 행이 바뀔 때마다 0번 열을 건너뛰어 간격이 고르지 않다

flat = xt.reshape(6)                   # 뷰로 읽을 수 없으므로 복사한다
print("xt.reshape(6):", flat.tolist(), "| 복사했는가:", flat.data_ptr() != x.data_ptr())
packed = xt.contiguous()               # 행 우선으로 복사한다
print("contiguous() 뒤 보폭:", packed.stride(), "| view(6):", packed.view(6).tolist())
print("이미 연속적인 x의 x.contiguous()는 x 자신:", x.contiguous() is x)

v = x.view(3, 2)                       # x는 연속적이라 뷰가 된다
print("x.view(3, 2)가 같은 메모리:", v.data_ptr() == x.data_ptr())
v[0, 0] = 100.0                        # 뷰를 통해 쓰면
print("x[0, 0] =", x[0, 0].item(), "| xt[0, 0] =", xt[0, 0].item(),
      "| 복사본 flat[0] =", flat[0].item())

img = torch.zeros(8, 32, 32, 3)        # (B, H, W, C)
nchw = img.permute(0, 3, 1, 2)         # (B, C, H, W)
print("permute:", tuple(nchw.shape), "| 보폭:", nchw.stride(),
      "| 연속적:", nchw.is_contiguous(), "| 같은 메모리:", nchw.data_ptr() == img.data_ptr())
assert not every_other.is_contiguous() and spread.stride() == (2,)  # markdown-exec: hide
assert spread.tolist() == [0.0, 2.0, 4.0, 6.0, 8.0, 10.0] and spread.data_ptr() == grid.data_ptr()  # markdown-exec: hide
assert flat.tolist() == [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]  # markdown-exec: hide
assert flat.data_ptr() != x.data_ptr() and packed.stride() == (2, 1)  # markdown-exec: hide
assert x[0, 0].item() == 100.0 and xt[0, 0].item() == 100.0  # markdown-exec: hide
assert flat[0].item() == 0.0  # markdown-exec: hide
assert tuple(nchw.shape) == (8, 3, 32, 32) and not nchw.is_contiguous()  # markdown-exec: hide
assert x.contiguous() is x and nchw.data_ptr() == img.data_ptr()  # markdown-exec: hide
