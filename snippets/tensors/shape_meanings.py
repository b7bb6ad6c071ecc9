import torch.nn as nn

# 표 데이터, MLP 입력: 32개 샘플 x 특성 10개
tabular = torch.randn(32, 10)  # (batch, features)

# 28x28 흑백 이미지 한 장과, 64장을 묶은 배치
one_image = torch.randn(1, 28, 28)  # (C, H, W)
image_batch = torch.randn(64, 1, 28, 28)  # (B, C, H, W)

# 문장 8개, 문장마다 토큰 20개: 토큰 번호(정수)
vocab_size = 1000
token_ids = torch.randint(0, vocab_size, (8, 20))  # (batch, seq)

# 토큰 번호마다 길이 128의 벡터를 찾아 붙이는 임베딩 층
embedding = nn.Embedding(vocab_size, 128)
token_vectors = embedding(token_ids)  # (batch, seq, emb)

# 어텐션 점수: 128을 헤드 4개 x 32로 나누고, 토큰 쌍마다 점수 하나
heads, head_dim = 4, 32
per_head = token_vectors.reshape(8, 20, heads, head_dim).permute(0, 2, 1, 3)  # (B, heads, T, 32)
scores = per_head @ per_head.transpose(-2, -1) / head_dim**0.5  # (B, heads, T, T)

for name, t in [
    ("tabular", tabular),
    ("one_image", one_image),
    ("image_batch", image_batch),
    ("token_ids", token_ids),
    ("token_vectors", token_vectors),
    ("scores", scores),
]:
    print(f"{name:<14}{str(list(t.shape)):<18}{t.dtype}")
assert tabular.shape == (32, 10) and image_batch.shape == (64, 1, 28, 28)  # markdown-exec: hide
assert token_ids.shape == (8, 20) and token_ids.dtype == torch.int64  # markdown-exec: hide
assert token_vectors.shape == (8, 20, 128) and scores.shape == (8, 4, 20, 20)  # markdown-exec: hide
