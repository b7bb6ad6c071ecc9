from bookkit.show import expect_error

trainable = torch.ones(2, requires_grad=True)
with torch.inference_mode():
    frozen = torch.ones(2) * 3
print("trainable + frozen 의 requires_grad:", (trainable + frozen).requires_grad)
with expect_error(RuntimeError, match="Inference tensors cannot be saved for backward"):
    trainable * frozen
print("trainable.clone()의 grad_fn:", type(trainable.clone().grad_fn).__name__)
assert (trainable + frozen).requires_grad  # markdown-exec: hide
assert type(trainable.clone().grad_fn).__name__ == "CloneBackward0"  # markdown-exec: hide
