from bookkit.show import expect_error

samples = torch.tensor([0.5, 1.5, 2.5, 2.7], requires_grad=True)
# 두 함수 모두 [0, 1), [1, 2), [2, 3] 구간에 든 값의 개수를 센다
histc_counts = torch.histc(samples, bins=3, min=0, max=3)
histogram_counts = torch.histogram(samples, bins=3, range=(0.0, 3.0)).hist
print("histc:", histc_counts, "| grad_fn:", histc_counts.grad_fn)
print("histogram:", histogram_counts)
with expect_error(RuntimeError, match="not implemented"):
    histogram_counts.sum().backward()
assert histc_counts.tolist() == histogram_counts.tolist() == [1.0, 1.0, 2.0]  # markdown-exec: hide
assert histc_counts.grad_fn is None and not histc_counts.requires_grad  # markdown-exec: hide
assert type(histogram_counts.grad_fn).__name__ == "NotImplemented"  # markdown-exec: hide
assert samples.grad is None  # markdown-exec: hide
