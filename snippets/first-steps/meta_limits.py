# meta 장치는 모든 연산에서 장치를 검사하지는 않는다
features = torch.ones(2, 3)  # (2, 3) CPU
meta_weight = torch.ones(3, 4, device="meta")  # (3, 4) meta
mixed_product = features @ meta_weight  # 행렬 곱: 거절되지 않는다
print("CPU (2, 3) @ meta (3, 4):", mixed_product.device, list(mixed_product.shape))

cpu_sum = torch.ones(3)  # CPU
cpu_sum.add_(torch.ones(3, device="meta"))  # 제자리 덧셈: 거절되지 않고, 값도 바뀌지 않는다
print("CPU 텐서.add_(meta 텐서) 뒤:", cpu_sum.device, cpu_sum.tolist())
assert mixed_product.device.type == "cpu" and list(mixed_product.shape) == [2, 4]  # markdown-exec: hide
assert cpu_sum.device.type == "cpu" and cpu_sum.tolist() == [1.0, 1.0, 1.0]  # markdown-exec: hide
