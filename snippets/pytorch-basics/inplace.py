before = a.data_ptr()
returned = a.add_(1)  # 이름 끝의 _ : a 자체를 바꾼다

print(a)
print("같은 메모리인가:", a.data_ptr() == before, "| 반환값이 a 자신인가:", returned is a)
assert a.tolist() == [2.0, 3.0, 4.0]  # markdown-exec: hide
assert a.data_ptr() == before and returned is a  # markdown-exec: hide
