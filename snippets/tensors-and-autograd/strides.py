x = torch.arange(6.0).reshape(2, 3)    # (2, 3) 행 우선으로 놓인 0..5
xt = x.t()                             # (3, 2) 전치: 메모리는 그대로, stride만 바뀐다
print("shape     :", tuple(x.shape), tuple(xt.shape))
print("stride    :", x.stride(), xt.stride())
print("contiguous:", x.is_contiguous(), xt.is_contiguous())
print("같은 메모리:", xt.data_ptr() == x.data_ptr())

# 원소 (i, j)는 storage의 i * stride[0] + j * stride[1] 번째 칸에 있다
positions = [i * xt.stride(0) + j * xt.stride(1) for i in range(3) for j in range(2)]
print("xt를 행 순서로 읽을 때 storage 위치:", positions)
assert x.stride() == (3, 1) and xt.stride() == (1, 3)  # markdown-exec: hide
assert x.is_contiguous() and not xt.is_contiguous()  # markdown-exec: hide
assert xt.data_ptr() == x.data_ptr()  # markdown-exec: hide
assert positions == [0, 3, 1, 4, 2, 5]  # markdown-exec: hide
