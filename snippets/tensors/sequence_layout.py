# 같은 문장 8개 × 토큰 20개 × 임베딩 128을 두 가지 순서로 준비합니다
batch_major = torch.randn(8, 20, 128)  # (B, T, D): batch_first=True가 기대하는 순서
time_major = batch_major.transpose(0, 1)  # (T, B, D): 기본값(batch_first=False)이 기대하는 순서

rnn_default = nn.RNN(input_size=128, hidden_size=64)  # batch_first=False
rnn_batch_first = nn.RNN(input_size=128, hidden_size=64, batch_first=True)
rnn_batch_first.load_state_dict(rnn_default.state_dict())  # 가중치를 똑같이 맞춥니다

with torch.no_grad():
    out_default, h_default = rnn_default(time_major)  # (T, B, D) -> (T, B, H)
    out_batch_first, h_batch_first = rnn_batch_first(batch_major)  # (B, T, D) -> (B, T, H)
    out_wrong, h_wrong = rnn_default(batch_major)  # (B, T, D)를 기본값 층에 그대로
print("RNN 기본값:", list(time_major.shape), "->", list(out_default.shape),
      "| 마지막 은닉 상태", list(h_default.shape))
print("RNN batch_first:", list(batch_major.shape), "->", list(out_batch_first.shape),
      "| 마지막 은닉 상태", list(h_batch_first.shape))
print("  두 결과가 같은가:", torch.allclose(out_default.transpose(0, 1), out_batch_first, atol=1e-6))
print("RNN 순서 틀림:", list(batch_major.shape), "->", list(out_wrong.shape),
      "| 마지막 은닉 상태", list(h_wrong.shape))
print("  batch_first 결과와 같은가:", torch.allclose(out_wrong, out_batch_first))
assert out_default.shape == (20, 8, 64) and out_batch_first.shape == (8, 20, 64)  # markdown-exec: hide
assert h_default.shape == h_batch_first.shape == (1, 8, 64)  # markdown-exec: hide
assert torch.allclose(out_default.transpose(0, 1), out_batch_first, atol=1e-6)  # markdown-exec: hide
assert out_wrong.shape == (8, 20, 64) and h_wrong.shape == (1, 20, 64)  # markdown-exec: hide
assert not torch.allclose(out_wrong, out_batch_first)  # markdown-exec: hide

# 층 2개, 양방향(bidirectional=True) RNN: 값 없이 형태만 보려고 meta 장치에 만듭니다
deep_rnn = nn.RNN(128, 64, num_layers=2, bidirectional=True, batch_first=True, device="meta")
out_deep, h_deep = deep_rnn(batch_major.to("meta"))
print("양방향 2층 RNN:", list(out_deep.shape), "| 마지막 은닉 상태", list(h_deep.shape))
assert out_deep.shape == (8, 20, 128) and h_deep.shape == (4, 8, 64)  # markdown-exec: hide

encoder_default = nn.TransformerEncoderLayer(d_model=128, nhead=4, dropout=0.0).eval()
encoder_batch_first = nn.TransformerEncoderLayer(d_model=128, nhead=4, dropout=0.0,
                                                 batch_first=True).eval()
encoder_batch_first.load_state_dict(encoder_default.state_dict())
with torch.no_grad():
    encoded_default = encoder_default(time_major)  # (T, B, D) -> (T, B, D)
    encoded_batch_first = encoder_batch_first(batch_major)  # (B, T, D) -> (B, T, D)
print("Transformer 기본값:", list(time_major.shape), "->", list(encoded_default.shape))
print("Transformer batch_first:", list(batch_major.shape), "->", list(encoded_batch_first.shape))
same = torch.allclose(encoded_default.transpose(0, 1), encoded_batch_first, atol=1e-5)
print("  두 결과가 같은가:", same)
assert encoded_default.shape == (20, 8, 128) and encoded_batch_first.shape == (8, 20, 128)  # markdown-exec: hide
assert same  # markdown-exec: hide
