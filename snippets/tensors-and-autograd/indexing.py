grid = torch.arange(12.0).reshape(3, 4)  # (3, 4)
column = grid[:, 0]  # 기본 슬라이싱 -> 뷰
picked = grid[torch.tensor([0, 2])]  # 정수 배열 인덱싱 -> 복사
masked = grid[grid > 9]  # 불리언 인덱싱 -> 복사
for name, t in [("grid[:, 0]", column), ("grid[[0, 2]]", picked), ("grid[grid > 9]", masked)]:
    same = t.untyped_storage().data_ptr() == grid.untyped_storage().data_ptr()
    print(f"{name:<15} 형태={tuple(t.shape)!s:<7} 같은 메모리={same}")
print("grid[:, 0]의 보폭:", column.stride(), "(한 칸 = 한 행 = 4칸 건너뜀)")
row = grid[1]  # 뷰, 첫 원소는 storage의 4번 칸
print(
    "grid[1]  storage 시작 주소 같음:",
    row.untyped_storage().data_ptr() == grid.untyped_storage().data_ptr(),
    " 첫 원소 주소(data_ptr) 같음:",
    row.data_ptr() == grid.data_ptr(),
)
assert column.stride() == (4,) and column.data_ptr() == grid.data_ptr()  # markdown-exec: hide
picked_ptr = picked.untyped_storage().data_ptr()  # markdown-exec: hide
assert picked_ptr != grid.untyped_storage().data_ptr()  # markdown-exec: hide
assert masked.tolist() == [10.0, 11.0]  # markdown-exec: hide
assert row.untyped_storage().data_ptr() == grid.untyped_storage().data_ptr()  # markdown-exec: hide
assert row.data_ptr() != grid.data_ptr() and row.storage_offset() == 4  # markdown-exec: hide
