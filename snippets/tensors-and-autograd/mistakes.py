# NumPy float64 입력을 float32 모델에 넣는다
layer = torch.nn.Linear(3, 2)
inputs = np.zeros((1, 3))                                  # float64
with expect_error(RuntimeError, match="must have the same dtype, but got Double and Float"):
    layer(torch.from_numpy(inputs))
print("float32 + float64 배열:", (torch.ones(3) + torch.from_numpy(inputs[0])).dtype)
print("고친 뒤:", layer(torch.as_tensor(inputs, dtype=torch.float32)).dtype)
assert (torch.ones(3) + torch.from_numpy(inputs[0])).dtype == torch.float64  # markdown-exec: hide
