embedded = torch.zeros(16, 12, 32)  # (batch, seq, emb): 문장 16개, 토큰 12개, 임베딩 크기 32
print("embedded[3]      :", tuple(embedded[3].shape))
print("embedded[3, 5]   :", tuple(embedded[3, 5].shape))
print("embedded[:, 0]   :", tuple(embedded[:, 0].shape))
print("embedded[..., :8]:", tuple(embedded[..., :8].shape))
assert embedded[3].shape == (12, 32) and embedded[3, 5].shape == (32,)  # markdown-exec: hide
assert embedded[:, 0].shape == (16, 32) and embedded[..., :8].shape == (16, 12, 8)  # markdown-exec: hide
