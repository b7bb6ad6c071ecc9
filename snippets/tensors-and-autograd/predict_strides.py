table = torch.arange(12).reshape(3, 4)
print("table.stride()              :", table.stride())
print("table.t().stride()          :", table.t().stride())
print("table[:, ::2].stride()      :", table[:, ::2].stride())
print("table[1].storage_offset()   :", table[1].storage_offset())
print("table[:, 1:].is_contiguous():", table[:, 1:].is_contiguous())
assert table.stride() == (4, 1) and table.t().stride() == (1, 4)  # markdown-exec: hide
assert table[:, ::2].stride() == (4, 2) and table[1].storage_offset() == 4  # markdown-exec: hide
assert not table[:, 1:].is_contiguous()  # markdown-exec: hide
