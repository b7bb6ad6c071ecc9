for size in (100, 1000):
    product = torch.ones(size, size) @ torch.ones(size, size)
    print(f"n = {size:4}: 결과의 원소 하나 = {product[0, 0].item():.0f}, 곱셈 수 n³ = {size**3:,}")
print("곱셈 수의 비:", 1000**3 // 100**3)
assert product[0, 0].item() == 1000.0 and 1000**3 // 100**3 == 1000  # markdown-exec: hide
