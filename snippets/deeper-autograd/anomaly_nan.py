r = torch.tensor([0.0, 4.0], requires_grad=True)
(torch.sqrt(r) * 0).sum().backward()  # 0 * (1 / (2 * sqrt(0))) = 0 * inf
print("anomaly 모드 없이 r.grad:", r.grad)
quiet_grad = r.grad.clone()

r.grad = None
with page_tracebacks(), torch.autograd.detect_anomaly():
    with expect_error(RuntimeError, match="returned nan values"):
        (torch.sqrt(r) * 0).sum().backward()
assert torch.isnan(quiet_grad[0]) and quiet_grad[1].item() == 0.0  # markdown-exec: hide
