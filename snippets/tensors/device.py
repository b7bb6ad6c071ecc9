# --8<-- [start:where]
x = torch.randn(2, 3)
print(x.device)
print("CUDA GPU를 쓸 수 있나:", torch.cuda.is_available())
print("이 PyTorch가 빌드된 CUDA 버전:", torch.version.cuda)
assert torch.version.cuda is None and not torch.cuda.is_available()  # markdown-exec: hide
# --8<-- [end:where]

# --8<-- [start:no-cuda]
with expect_error(AssertionError, match="not compiled with CUDA"):
    torch.randn(2, 3).to("cuda")
# --8<-- [end:no-cuda]
