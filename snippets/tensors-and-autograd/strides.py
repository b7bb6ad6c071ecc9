x = torch.arange(6.0).reshape(2, 3)  # (2, 3) 행 우선으로 놓인 0..5
xt = x.t()  # (3, 2) 전치: 메모리는 그대로, 보폭만 바뀐다
print("형태:", tuple(x.shape), tuple(xt.shape))
print("보폭:", x.stride(), xt.stride())
print("연속적:", x.is_contiguous(), xt.is_contiguous())
print("같은 메모리:", xt.data_ptr() == x.data_ptr())
# 경계: 크기 1인 축만 옮기거나 축 순서가 그대로면 연속적이다
print(
    "연속적 (x[:1].t(), x.permute(0, 1)):",
    x[:1].t().is_contiguous(),
    x.permute(0, 1).is_contiguous(),
)

# 원소 (i, j)는 storage의 storage_offset + i * stride[0] + j * stride[1] 번째 칸에 있다
positions = [
    xt.storage_offset() + i * xt.stride(0) + j * xt.stride(1) for i in range(3) for j in range(2)
]
print("xt를 행 순서로 읽을 때 storage 위치:", positions)

column = x[:, 1]  # (2,) 1번 열: storage의 0번 칸이 아닌 곳에서 시작한다
storage = x.reshape(-1)  # x는 연속적이고 시작 위치가 0이라 storage 그대로다
column_positions = [column.storage_offset() + i * column.stride(0) for i in range(2)]
print(
    "x[:, 1] 시작 위치:",
    column.storage_offset(),
    "| 보폭:",
    column.stride(),
    "| storage 위치:",
    column_positions,
    "| 값:",
    storage[column_positions].tolist(),
)
assert x.stride() == (3, 1) and xt.stride() == (1, 3)  # markdown-exec: hide
assert x.is_contiguous() and not xt.is_contiguous()  # markdown-exec: hide
assert xt.data_ptr() == x.data_ptr()  # markdown-exec: hide
assert positions == [0, 3, 1, 4, 2, 5]  # markdown-exec: hide
assert column.storage_offset() == 1 and column.stride() == (3,)  # markdown-exec: hide
assert column_positions == [1, 4]  # markdown-exec: hide
assert storage[column_positions].tolist() == column.tolist() == [1.0, 4.0]  # markdown-exec: hide
assert x[:1].t().is_contiguous() and x.permute(0, 1).is_contiguous()  # markdown-exec: hide
assert torch.empty(2, 0, 3).permute(2, 1, 0).is_contiguous()  # markdown-exec: hide
assert x.t().t().is_contiguous() and not xt.contiguous().t().is_contiguous()  # markdown-exec: hide
