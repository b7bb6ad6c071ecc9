# 두 텐서를 처음부터 같은 장치에 만든다.
a = torch.tensor([1.0, 2.0], device=device)
b = torch.tensor([3.0, 4.0], device=device)

total = a + b
print(total)
print("결과가 놓인 장치:", total.device)
assert total.tolist() == [4.0, 6.0]  # markdown-exec: hide
assert total.device == a.device == b.device  # markdown-exec: hide
