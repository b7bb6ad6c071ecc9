from bookkit.tracebacks import page_tracebacks

with page_tracebacks() as shown, torch.autograd.detect_anomaly():
    loss = forward(a)
    with expect_error(RuntimeError, match="(?s)modified by an inplace.*backtrace further above"):
        loss.backward()
assert "Error detected in SigmoidBackward0" in shown[-1]  # markdown-exec: hide
assert shown[-1].rstrip().splitlines()[-2].strip() == "s = torch.sigmoid(h)  # 역전파용으로 출력 s를 저장한다"  # markdown-exec: hide
