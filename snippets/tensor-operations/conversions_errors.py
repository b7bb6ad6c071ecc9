weight = torch.ones(3, requires_grad=True)
with expect_error(RuntimeError, match="Can't call numpy\\(\\) on Tensor that requires grad"):
    weight.numpy()
print("detach().numpy():", weight.detach().numpy())
assert weight.detach().numpy().__array_interface__["data"][0] == weight.data_ptr()  # markdown-exec: hide

with expect_error(TypeError, match="BFloat16"):
    t.bfloat16().numpy()  # NumPy에는 bfloat16 자료형이 없다
print("float()로 바꾼 뒤의 numpy() 자료형:", t.bfloat16().float().numpy().dtype)

with expect_error(RuntimeError, match="cannot be converted to Scalar"):
    t.item()  # 원소가 3개
conjugated = torch.tensor([1 + 2j]).conj()  # markdown-exec: hide
for refused, error in [(conjugated, RuntimeError), (t.to(torch.float8_e4m3fn), TypeError)]:  # markdown-exec: hide
    try:  # markdown-exec: hide
        refused.numpy()  # markdown-exec: hide
        raise AssertionError(f"numpy() worked for {refused.dtype}")  # markdown-exec: hide
    except error:  # markdown-exec: hide
        pass  # markdown-exec: hide
