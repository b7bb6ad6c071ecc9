weight = torch.randn(4, 3, requires_grad=True)             # (out, in) 매개변수
features = torch.from_numpy(np.ones((2, 3)))               # (B, in) NumPy에서 온 입력
logits = features.float() @ weight.t()                     # (B, out)
with torch.no_grad():
    probs = logits.softmax(dim=1)                          # (B, out) 평가용
record = logits.detach().mean()                            # 기록용 스칼라

for name, t in [("weight", weight), ("features", features), ("logits", logits),
                ("probs", probs), ("record", record)]:
    print(f"{name:<9} shape={tuple(t.shape)!s:<7} dtype={t.dtype!s:<14} "
          f"device={t.device.type}  requires_grad={t.requires_grad!s:<5}  리프={t.is_leaf}")
assert features.dtype == torch.float64 and logits.dtype == torch.float32  # markdown-exec: hide
assert logits.requires_grad and not probs.requires_grad  # markdown-exec: hide
assert not record.requires_grad and weight.is_leaf and not logits.is_leaf  # markdown-exec: hide
assert probs.is_leaf and record.is_leaf and features.is_leaf  # markdown-exec: hide
