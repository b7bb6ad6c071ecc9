scores = torch.randn(2, 4)  # (B, T) = (2, 4): 문장 2개, 토큰 위치 4개의 점수
lengths = torch.tensor([4, 2])  # 둘째 문장은 진짜 토큰이 2개, 나머지는 패딩
padding = torch.arange(4) >= lengths.unsqueeze(1)  # (4,) 대 (2, 1) -> (2, 4)
print("padding 마스크:", padding, sep="\n")

masked = scores.masked_fill(padding, float("-inf"))  # 패딩 자리를 -inf로
weights = masked.softmax(dim=1)  # exp(-inf) = 0
print("softmax:", weights, sep="\n")
print("행마다 합:", weights.sum(dim=1))
assert padding.tolist() == [[False] * 4, [False, False, True, True]]  # markdown-exec: hide
assert (weights[1, 2:] == 0).all() and torch.allclose(weights.sum(dim=1), torch.ones(2))  # markdown-exec: hide
