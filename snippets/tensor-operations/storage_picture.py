from bookkit.pictures import storage_figure

x = torch.arange(6.0).reshape(2, 3)  # (2, 3)
xt = x.t()  # (3, 2): 같은 storage, 보폭만 다르다
print("x :", x.stride(), x.storage_offset(), x.is_contiguous())
print("xt:", xt.stride(), xt.storage_offset(), xt.is_contiguous())
show(storage_figure({"x": x, "x.t()": xt, "x[:, 1:]": x[:, 1:]}),
     f"세 텐서가 storage {x.untyped_storage().nbytes() // x.element_size()}칸을 나눠 씁니다"
     f"(stride {x.stride()}, {xt.stride()}, {x[:, 1:].stride()}). 칸의 [k]는 그 원소가 놓인 "
     "storage 칸 번호입니다")
assert xt.stride() == (1, 3) and x[:, 1:].storage_offset() == 1  # markdown-exec: hide
# storage에는 0..5가 차례로 있으므로 값이 곧 storage 칸 번호이다  # markdown-exec: hide
assert xt.flatten().tolist() == [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]  # markdown-exec: hide
assert x[:, 1:].flatten().tolist() == [1.0, 2.0, 4.0, 5.0]  # markdown-exec: hide
