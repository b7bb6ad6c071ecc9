import numpy as np

# (4) s와 메모리를 공유하는 NumPy 배열로 고친다: PyTorch 연산이 아니므로 버전이 그대로다
a.grad = None
s = torch.sigmoid(a)
s_np = s.detach().numpy()  # s와 같은 메모리
s_np *= 2
print("NumPy로 고친 뒤 s의 버전:", s._version)
s.sum().backward()
print(
    "a.grad:", rounded(a.grad), "| .data로 고친 쪽과 같은가:", torch.allclose(a.grad, silent)
)
assert s._version == 0 and torch.allclose(a.grad, silent)  # markdown-exec: hide

# (5) from_numpy로 받은 입력을 NumPy 쪽에서 고친다
scale_np = np.array([1.0, 2.0, 3.0], dtype=np.float32)
scale = torch.from_numpy(scale_np)  # 같은 메모리를 보는 텐서
weight = torch.tensor(1.0, requires_grad=True)
out = (weight * scale).sum()  # 곱셈은 weight의 기울기용으로 scale을 저장한다
scale_np *= 10  # 역전파 전에 NumPy 쪽에서 고친다
out.backward()
print(
    "scale 버전:", scale._version, "| weight.grad:", weight.grad.item(), "(순전파 때의 scale 합은 6)"
)
assert scale._version == 0 and weight.grad.item() == 60.0  # markdown-exec: hide
