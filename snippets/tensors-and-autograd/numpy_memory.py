temp_c = np.array([20.0, 21.5, 19.0])      # (3,) NumPy 배열, float64
shared = torch.from_numpy(temp_c)          # 같은 메모리를 쓴다
copied = torch.tensor(temp_c)              # 새 메모리로 복사한다

shared[0] = -999.0
print("from_numpy 쪽을 고친 뒤 원본:", temp_c.tolist())
copied[1] = -999.0
print("tensor() 쪽을 고친 뒤 원본:", temp_c.tolist())
print("copied 자신:", copied.tolist())
as_float32 = torch.from_numpy(temp_c).float()   # 자료형을 바꾸면 새 메모리가 필요하다
print("원본과 메모리 공유: from_numpy", np.shares_memory(shared.numpy(), temp_c),
      "| tensor()", np.shares_memory(copied.numpy(), temp_c),
      "| from_numpy(...).float()", np.shares_memory(as_float32.numpy(), temp_c))
assert temp_c.tolist() == [-999.0, 21.5, 19.0]  # markdown-exec: hide
assert copied.tolist() == [20.0, -999.0, 19.0]  # markdown-exec: hide
assert np.shares_memory(shared.numpy(), temp_c)  # markdown-exec: hide
assert not np.shares_memory(copied.numpy(), temp_c)  # markdown-exec: hide
assert not np.shares_memory(as_float32.numpy(), temp_c)  # markdown-exec: hide
numpy_refusals = []  # markdown-exec: hide
no_numpy_dtype = (torch.bfloat16, torch.float8_e4m3fn)  # markdown-exec: hide
for refused in (torch.ones(2, requires_grad=True), *(torch.ones(2, dtype=d) for d in no_numpy_dtype)):  # markdown-exec: hide
    try:  # markdown-exec: hide
        refused.numpy()  # markdown-exec: hide
    except (RuntimeError, TypeError) as error:  # markdown-exec: hide
        numpy_refusals.append(type(error).__name__)  # markdown-exec: hide
assert numpy_refusals == ["RuntimeError", "TypeError", "TypeError"]  # markdown-exec: hide
