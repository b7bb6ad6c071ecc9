# NumPy float64 입력을 float32 모델에 넣는다
layer = torch.nn.Linear(3, 2)
inputs = np.zeros((1, 3))                                  # float64
with expect_error(RuntimeError, match="must have the same dtype, but got Double and Float"):
    layer(torch.from_numpy(inputs))
print("float32 + float64 배열:", (torch.ones(3) + torch.from_numpy(inputs[0])).dtype)
print("고친 뒤:", layer(torch.as_tensor(inputs, dtype=torch.float32)).dtype)
assert (torch.ones(3) + torch.from_numpy(inputs[0])).dtype == torch.float64  # markdown-exec: hide

# as_tensor는 자료형이 이미 맞으면 복사하지 않는다: 원본 배열과 메모리를 공유한다
already = np.zeros(3, dtype=np.float32)
converted = torch.as_tensor(inputs[0], dtype=torch.float32)  # float64 -> float32: 복사
shared = torch.as_tensor(already, dtype=torch.float32)       # 이미 float32: 공유
converted += 1
shared += 1
print("바꾼 쪽의 원본:", inputs[0], "| 이미 float32였던 원본:", already)
assert inputs[0].tolist() == [0.0, 0.0, 0.0] and already.tolist() == [1.0, 1.0, 1.0]  # markdown-exec: hide
