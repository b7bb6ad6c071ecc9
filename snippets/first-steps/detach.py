x = torch.tensor(2.0, requires_grad=True)
z = x * 3
z_cut = z.detach()  # 같은 값, 그래프와의 연결만 없다

print("z:", z, " z_cut:", z_cut)
print("requires_grad:", z.requires_grad, z_cut.requires_grad)
print("grad_fn:", z.grad_fn.name(), z_cut.grad_fn)
print("같은 메모리를 쓰는가:", z.data_ptr() == z_cut.data_ptr())
assert z.item() == z_cut.item() == 6.0  # markdown-exec: hide
assert z.requires_grad and not z_cut.requires_grad  # markdown-exec: hide
assert z.data_ptr() == z_cut.data_ptr()  # markdown-exec: hide
