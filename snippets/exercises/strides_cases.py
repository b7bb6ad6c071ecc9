base = torch.arange(24.0).reshape(2, 3, 4)  # (2, 3, 4)
cases = {
    "base.view(6, 4)": (base, (6, 4)),
    "base.permute(0, 2, 1).view(2, 12)": (base.permute(0, 2, 1), (2, 12)),
    "base[:, :, ::2].view(6, 2)": (base[:, :, ::2], (6, 2)),
    "base[:, :, ::2].view(-1)": (base[:, :, ::2], (-1,)),
    "base[:1].view(3, 4)": (base[:1], (3, 4)),
    "base.expand(5, 2, 3, 4).view(5, 24)": (base.expand(5, 2, 3, 4), (5, 24)),
    "base[:, :, :1].permute(0, 2, 1).view(6)": (base[:, :, :1].permute(0, 2, 1), (6,)),
}
for name, (tensor, new_shape) in cases.items():
    mine = view_strides(tensor.shape, tensor.stride(), new_shape)
    try:
        real = tensor.view(new_shape).stride()
    except RuntimeError:
        real = None
    print(f"{name:37} stride {str(tensor.stride()):12} -> torch {str(real):9} 직접 {mine}")
    assert mine == real  # markdown-exec: hide
