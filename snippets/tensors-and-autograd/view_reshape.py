from bookkit.show import expect_error

with expect_error(RuntimeError, match=r"view size is not compatible.*Use \.reshape"):
    xt.view(6)                         # 한 stride로 0, 3, 1, 4, 2, 5를 표현할 수 없다

flat = xt.reshape(6)                   # view가 안 되므로 복사한다
print("xt.reshape(6):", flat.tolist(), " 복사했는가:", flat.data_ptr() != x.data_ptr())
packed = xt.contiguous()               # 행 우선으로 복사한다
print("contiguous() 뒤 stride:", packed.stride(), " view(6):", packed.view(6).tolist())
print("이미 contiguous한 x.contiguous()는 x 자신:", x.contiguous() is x)

v = x.view(3, 2)                       # x는 contiguous라 view가 된다
print("x.view(3, 2)가 같은 메모리:", v.data_ptr() == x.data_ptr())
v[0, 0] = 100.0                        # view를 통해 쓰면
print("x[0, 0] =", x[0, 0].item(), " xt[0, 0] =", xt[0, 0].item(),
      " 복사본 flat[0] =", flat[0].item())

img = torch.zeros(8, 32, 32, 3)        # (B, H, W, C)
nchw = img.permute(0, 3, 1, 2)         # (B, C, H, W)
print("permute:", tuple(nchw.shape), " stride:", nchw.stride(),
      " contiguous:", nchw.is_contiguous(), " 같은 메모리:", nchw.data_ptr() == img.data_ptr())
assert flat.tolist() == [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]  # markdown-exec: hide
assert flat.data_ptr() != x.data_ptr() and packed.stride() == (2, 1)  # markdown-exec: hide
assert x[0, 0].item() == 100.0 and xt[0, 0].item() == 100.0  # markdown-exec: hide
assert flat[0].item() == 0.0  # markdown-exec: hide
assert tuple(nchw.shape) == (8, 3, 32, 32) and not nchw.is_contiguous()  # markdown-exec: hide
assert x.contiguous() is x and nchw.data_ptr() == img.data_ptr()  # markdown-exec: hide
