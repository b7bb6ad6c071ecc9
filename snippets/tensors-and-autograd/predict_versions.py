counter = torch.zeros(3)
print("처음:", counter._version)
counter.add_(1)
counter[0] = 5
counter.mul_(2)
tail = counter[1:]  # 뷰: 버전 카운터를 원본과 공유한다
tail.zero_()
print("제자리 연산 네 번 뒤:", counter._version, tail._version, counter.tolist())
with torch.no_grad():
    counter += 1
print("no_grad 안에서 한 번 더:", counter._version)
assert counter._version == 5 and tail._version == 5  # markdown-exec: hide
assert counter.tolist() == [11.0, 1.0, 1.0]  # markdown-exec: hide
