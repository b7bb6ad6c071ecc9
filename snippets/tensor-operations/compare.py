scores = torch.tensor([[0.5, -1.0, 2.0], [3.0, 0.0, -2.0]])  # (2, 3)
positive = scores > 0  # 원소별 비교: 같은 형태의 bool 텐서
print("scores > 0:", positive, sep="\n")
print("scores == 0:", (scores == 0).tolist())
in_range = (scores > 0) & (scores < 3)  # 그리고: &, 또는: |, 아님: ~
print("0 < scores < 3:", in_range.tolist(), "| ~positive:", (~positive).tolist())

print("scores[positive]:", scores[positive])  # 같은 형태의 마스크: True 자리의 값만 1차원으로
first_row = torch.tensor([True, False])  # (2,): 앞쪽 축 하나만 덮는 마스크
print("scores[first_row]:", scores[first_row], tuple(scores[first_row].shape))  # 행째로 고름
print("True 개수:", positive.sum(), "| any:", positive.any(), "| all:", positive.all())
print("행마다 all(dim=1):", positive.all(dim=1), "| any(dim=1):", positive.any(dim=1))

with expect_error(RuntimeError, match="more than one value is ambiguous"):
    (scores > 0) and (scores < 3)  # 파이썬 and는 왼쪽 텐서 전체를 참/거짓 하나로 읽으려 한다
only = torch.tensor([False])  # 원소가 하나뿐인 마스크
print("only and positive:", only and positive, "| only & positive:", tuple((only & positive).shape))
assert positive.dtype == torch.bool  # markdown-exec: hide
assert positive.tolist() == [[True, False, True], [True, False, False]]  # markdown-exec: hide
assert in_range.tolist() == [[True, False, True], [False, False, False]]  # markdown-exec: hide
assert scores[positive].tolist() == [0.5, 2.0, 3.0]  # markdown-exec: hide
assert scores[first_row].shape == (1, 3)  # markdown-exec: hide
assert scores[first_row].tolist() == [[0.5, -1.0, 2.0]]  # markdown-exec: hide
assert positive.sum().item() == 3 and positive.sum().dtype == torch.int64  # markdown-exec: hide
assert positive.any().item() and not positive.all().item()  # markdown-exec: hide
assert positive.any().dtype == positive.all().dtype == torch.bool and positive.any().dim() == 0  # markdown-exec: hide
assert torch.tensor([0, 2], dtype=torch.uint8).any().dtype == torch.uint8  # markdown-exec: hide
assert (only and positive) is only and (only & positive).shape == (2, 3)  # markdown-exec: hide
assert (torch.tensor([True]) and positive) is positive  # markdown-exec: hide
try:  # markdown-exec: hide
    bool(torch.tensor([]))  # markdown-exec: hide
    raise AssertionError("an empty tensor became a bool")  # markdown-exec: hide
except RuntimeError as error:  # markdown-exec: hide
    assert "no values is ambiguous" in str(error)  # markdown-exec: hide
