import torch.nn as nn

# 형태만 보므로 값이 없는 meta 장치에 층과 입력을 만듭니다
conv = nn.Conv2d(3, 16, kernel_size=3, device="meta")  # padding 없음
dense = nn.Linear(30, 5, device="meta")
lookup = nn.Embedding(100, 8, device="meta")
pictures = torch.zeros(8, 3, 32, 32, device="meta")  # (B, C, H, W)
token_ids = torch.zeros(4, 7, dtype=torch.int64, device="meta")  # (batch, seq)
print("Conv2d(3, 16, 3)   :", tuple(conv(pictures).shape))
print("Linear(30, 5)      :", tuple(dense(conv(pictures)).shape))
print("Embedding(100, 8)  :", tuple(lookup(token_ids).shape))
assert conv(pictures).shape == (8, 16, 30, 30) and dense(conv(pictures)).shape == (8, 16, 30, 5)  # markdown-exec: hide
assert lookup(token_ids).shape == (4, 7, 8)  # markdown-exec: hide
