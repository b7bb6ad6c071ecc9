tracked = torch.ones(2, requires_grad=True)
plain = torch.ones(2)
for code in [
    "plain * 2",
    "tracked * plain",
    "(plain + 1).sum()",
    "tracked.sum() * 0",
    "tracked.detach() + 1",
    "tracked > 0",
    "tracked.argmax()",
]:
    node = eval(code).grad_fn
    print(f"{code:<20} grad_fn = {type(node).__name__ if node else None}")
assert (plain * 2).grad_fn is None and (tracked.detach() + 1).grad_fn is None  # markdown-exec: hide
assert (tracked.sum() * 0).grad_fn is not None  # markdown-exec: hide
assert (tracked * plain).grad_fn is not None  # markdown-exec: hide
assert (tracked > 0).grad_fn is None and tracked.argmax().grad_fn is None  # markdown-exec: hide
