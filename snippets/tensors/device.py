# --8<-- [start:where]
x = torch.randn(2, 3)
print(x.device)
print("CUDA GPU를 쓸 수 있나:", torch.cuda.is_available())
print("이 PyTorch가 빌드된 CUDA 버전:", torch.version.cuda)
print("Apple GPU(mps)를 쓸 수 있나:", torch.backends.mps.is_available())
assert torch.version.cuda is None or torch.backends.cuda.is_built()  # markdown-exec: hide
assert torch.cuda.is_available() <= torch.backends.cuda.is_built()  # markdown-exec: hide
# --8<-- [end:where]

# --8<-- [start:no-cuda]
if not torch.backends.cuda.is_built():  # CPU용 PyTorch
    with expect_error(AssertionError, match="not compiled with CUDA"):
        torch.randn(2, 3).to("cuda")
elif not torch.cuda.is_available():  # CUDA용 PyTorch, 그러나 GPU나 드라이버가 없는 기계
    with expect_error(RuntimeError, match="NVIDIA driver|no CUDA GPUs|CUDA driver"):
        torch.randn(2, 3).to("cuda")
else:  # CUDA GPU가 있는 기계: 오류 없이 옮겨진다
    print(torch.randn(2, 3).to("cuda").device)
# --8<-- [end:no-cuda]
