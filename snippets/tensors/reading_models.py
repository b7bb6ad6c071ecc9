from torch import nn

# 형태 표의 형태 그대로 입력을 만들어, 구조가 다른 작은 모델 네 개에 넣어 봅니다
tabular = torch.randn(32, 10)  # (batch, features)
image_batch = torch.randn(64, 1, 28, 28)  # (B, C, H, W)
token_vectors = torch.randn(8, 20, 128)  # (batch, seq, emb)

mlp = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 3))
cnn_layer = nn.Conv2d(in_channels=1, out_channels=8, kernel_size=3, padding=1)
rnn = nn.RNN(input_size=128, hidden_size=64, batch_first=True)
transformer = nn.TransformerEncoderLayer(d_model=128, nhead=4, batch_first=True)

with torch.no_grad():  # 형태만 볼 것이므로 기록은 끕니다
    runs = [
        ("MLP", tabular, mlp(tabular)),  # (batch, features) -> (batch, classes)
        ("CNN", image_batch, cnn_layer(image_batch)),  # (B, C, H, W) -> (B, C', H, W)
        ("RNN", token_vectors, rnn(token_vectors)[0]),  # (batch, seq, emb) -> (batch, seq, hidden)
        ("Transformer", token_vectors, transformer(token_vectors)),  # 형태 그대로
    ]
for name, inputs, outputs in runs:
    print(f"{name:<12}{str(list(inputs.shape)):<18} -> {list(outputs.shape)}")
shapes = [tuple(out.shape) for _, _, out in runs]  # markdown-exec: hide
assert shapes == [(32, 3), (64, 8, 28, 28), (8, 20, 64), (8, 20, 128)]  # markdown-exec: hide
