# --8<-- [start:formats]
for dtype in (torch.float32, torch.float16, torch.bfloat16):
    info = torch.finfo(dtype)
    size = torch.ones(1, dtype=dtype).element_size()
    print(f"{str(dtype):<15} 원소당 {size}바이트 | 가장 큰 수 {info.max:.6g} | 1 바로 다음 수까지 {info.eps:.4g}")
big, fine = torch.tensor(70000.0), torch.tensor(1 + 1 / 1024)
print("70000      -> float16:", big.to(torch.float16).item(), "| bfloat16:", big.to(torch.bfloat16).item())
print("1 + 1/1024 -> float16:", fine.to(torch.float16).item(), "| bfloat16:", fine.to(torch.bfloat16).item())
assert torch.finfo(torch.float16).max == 65504.0  # markdown-exec: hide
assert big.to(torch.float16).item() == float("inf") and big.to(torch.bfloat16).item() == 70144.0  # markdown-exec: hide
assert fine.to(torch.float16).item() == fine.item() and fine.to(torch.bfloat16).item() == 1.0  # markdown-exec: hide
# --8<-- [end:formats]

# --8<-- [start:autocast]
a, b = torch.randn(4, 4), torch.randn(4, 4)  # (4, 4) float32
with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    product = a @ b  # 낮추는 연산: 행렬 곱은 bfloat16으로
    loss = torch.nn.functional.cross_entropy(product, torch.tensor([0, 1, 2, 3]))  # 올리는 연산
    total = a + b  # 목록에 없는 연산: 입력(float32)을 따른다
    relu = product.relu()  # 목록에 없는 연산: 입력(bfloat16)을 따른다
print("autocast 안: a @ b ->", product.dtype, "| cross_entropy ->", loss.dtype)
print("             a + b ->", total.dtype, "| (a @ b).relu() ->", relu.dtype)
print("autocast 밖: a @ b ->", (a @ b).dtype)
assert product.dtype == torch.bfloat16 and loss.dtype == torch.float32  # markdown-exec: hide
assert total.dtype == torch.float32 and relu.dtype == torch.bfloat16  # markdown-exec: hide
assert (a @ b).dtype == torch.float32  # markdown-exec: hide
# --8<-- [end:autocast]
