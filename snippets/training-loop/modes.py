import contextlib

net = nn.Sequential(nn.Dropout(p=0.5), make_model())  # 입력 특성에 dropout을 건 분류기

settings = [
    ("train()", net.train, contextlib.nullcontext),
    ("eval()", net.eval, contextlib.nullcontext),
    ("train() + no_grad", net.train, torch.no_grad),
    ("eval() + no_grad", net.eval, torch.no_grad),
    ("eval() + inference_mode", net.eval, torch.inference_mode),
]
rows = {}
print(f"{'setting':24} {'same twice':>10} {'requires_grad':>14} {'grad_fn':>16} {'is_inference':>13}")
for name, set_mode, context in settings:
    set_mode()
    with context():
        first, second = net(x), net(x)
    grad_fn = type(first.grad_fn).__name__ if first.grad_fn else "None"
    rows[name] = (torch.equal(first, second), first.requires_grad, first.is_inference())
    print(f"{name:24} {str(rows[name][0]):>10} {str(first.requires_grad):>14} {grad_fn:>16}"
          f" {str(first.is_inference()):>13}")
assert rows["train()"] == (False, True, False)  # markdown-exec: hide
assert rows["eval()"] == (True, True, False)  # markdown-exec: hide
assert rows["train() + no_grad"] == (False, False, False)  # markdown-exec: hide
assert rows["eval() + no_grad"] == (True, False, False)  # markdown-exec: hide
assert rows["eval() + inference_mode"] == (True, False, True)  # markdown-exec: hide
