from bookkit.show import expect_error

with expect_error(RuntimeError, match="view size is not compatible"):
    xt.view(6)
print("reshape는 복사한다:", xt.reshape(6).tolist(),
      "같은 메모리인가:", xt.reshape(6).data_ptr() == x.data_ptr())
