knob = torch.tensor(2.0, requires_grad=True)
with torch.no_grad():
    inside = knob * 3
outside = knob * 3
cut = outside.detach()
rejoined = cut * knob
for name, made in [("inside", inside), ("outside", outside), ("cut", cut), ("rejoined", rejoined)]:
    recorded = type(made.grad_fn).__name__ if made.grad_fn else None
    print(f"{name:<9} requires_grad={made.requires_grad!s:<5}  grad_fn={recorded}")
assert not inside.requires_grad and outside.requires_grad and not cut.requires_grad  # markdown-exec: hide
assert rejoined.requires_grad and type(rejoined.grad_fn).__name__ == "MulBackward0"  # markdown-exec: hide
