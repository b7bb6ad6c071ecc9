import torch

torch.manual_seed(0)
B, T, D = 2, 3, 4  # 배치, 시퀀스 길이, 임베딩 크기

tokens = torch.randn(B, T, D)  # (B, T, D)
weight = torch.randn(D, D)  # (D, D)
mixed = tokens @ weight  # (B, T, D) @ (D, D) -> (B, T, D)
pooled = mixed.mean(dim=1)  # (B, T, D) -> (B, D): 시퀀스 축 평균

print("tokens:", tuple(tokens.shape))
print("mixed: ", tuple(mixed.shape))
print("pooled:", tuple(pooled.shape))
assert pooled.shape == (B, D)  # markdown-exec: hide
