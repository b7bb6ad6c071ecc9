t = torch.tensor([1.0, 2.0, 3.0])
shared = t.numpy()  # 복사하지 않는다: 같은 메모리
as_list = t.tolist()  # 파이썬 list로 복사
value = t[1].item()  # 원소 하나를 파이썬 숫자로

t[0] = 100.0  # 원본을 고치면
print("numpy():", shared, "| tolist():", as_list, "| item():", value, type(value).__name__)
print("shared가 같은 메모리인가:", shared.__array_interface__["data"][0] == t.data_ptr())
assert shared[0] == 100.0 and as_list[0] == 1.0 and value == 2.0  # markdown-exec: hide
assert torch.tensor(3.0).tolist() == 3.0 and isinstance(torch.tensor(3.0).tolist(), float)  # markdown-exec: hide
