grid = torch.arange(12.0).reshape(3, 4)  # (3, 4)
column = grid[:, 0]  # 기본 슬라이싱 -> 뷰
picked = grid[torch.tensor([0, 2])]  # 1차원 정수 텐서 인덱싱 -> 복사
masked = grid[grid > 9]  # 불리언 인덱싱 -> 복사
one_row = grid[torch.tensor(2)]  # 0차원 정수 텐서는 파이썬 정수 2처럼 -> 뷰
for name, t in [("grid[:, 0]", column), ("grid[[0, 2]]", picked), ("grid[grid > 9]", masked),
                ("grid[tensor(2)]", one_row)]:
    same = t.untyped_storage().data_ptr() == grid.untyped_storage().data_ptr()
    print(f"{name:<15} shape={tuple(t.shape)!s:<7} | 같은 메모리={same}")
print("grid[:, 0]의 보폭:", column.stride(), "(한 칸 = 한 행 = 4칸 건너뜀)")
row = grid[1]  # 뷰, 첫 원소는 storage의 4번 칸
print(
    "grid[1] storage 시작 주소 같음:",
    row.untyped_storage().data_ptr() == grid.untyped_storage().data_ptr(),
    "| 첫 원소 주소(data_ptr) 같음:",
    row.data_ptr() == grid.data_ptr(),
)
assert column.stride() == (4,) and column.data_ptr() == grid.data_ptr()  # markdown-exec: hide
picked_ptr = picked.untyped_storage().data_ptr()  # markdown-exec: hide
assert picked_ptr != grid.untyped_storage().data_ptr()  # markdown-exec: hide
assert masked.tolist() == [10.0, 11.0]  # markdown-exec: hide
assert row.untyped_storage().data_ptr() == grid.untyped_storage().data_ptr()  # markdown-exec: hide
assert row.data_ptr() != grid.data_ptr() and row.storage_offset() == 4  # markdown-exec: hide
assert one_row.data_ptr() == grid[2].data_ptr() and one_row.storage_offset() == 8  # markdown-exec: hide

best = torch.tensor([0.2, 0.9, 0.4]).argmax()  # 0차원 정수 텐서 tensor(1)
rows = torch.arange(6.0).reshape(3, 2)  # (3, 2)
rows[best][0] = -1.0  # 뷰에 썼다 -> 원본이 바뀐다
rows[best.reshape(1)][0, 0] = -2.0  # 1차원 인덱스 -> 복사본에 썼다, 원본은 그대로
print("best:", best, f"({best.dim()}차원) | rows[1]:", rows[1].tolist())
np_rows = np.arange(6.0).reshape(3, 2)
np_rows[np.array(1)][0] = -1.0  # NumPy는 0차원 배열 인덱스에도 복사본을 돌려준다
print("NumPy에서 같은 쓰기 뒤 np_rows[1]:", np_rows[1].tolist())
assert best.dim() == 0 and rows[1].tolist() == [-1.0, 3.0]  # markdown-exec: hide
assert np_rows[1].tolist() == [2.0, 3.0]  # markdown-exec: hide
byte_index = grid[torch.tensor(1, dtype=torch.uint8)]  # markdown-exec: hide
assert byte_index.shape == (1, 3, 4)  # markdown-exec: hide
assert byte_index.untyped_storage().data_ptr() != grid.untyped_storage().data_ptr()  # markdown-exec: hide
