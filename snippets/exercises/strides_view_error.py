from bookkit.show import expect_error

with expect_error(RuntimeError, match="spans across two contiguous subspaces"):
    xt.view(6)
print("reshape는 복사한다:", xt.reshape(6).tolist(),
      "같은 메모리인가:", xt.reshape(6).data_ptr() == x.data_ptr())
assert xt.reshape(6).tolist() == [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]  # markdown-exec: hide
assert xt.reshape(6).data_ptr() != x.data_ptr()  # markdown-exec: hide
