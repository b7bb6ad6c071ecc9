tracked = torch.ones(2, requires_grad=True)
plain = torch.ones(2)
for code in ["plain * 2", "tracked * plain", "(plain + 1).sum()", "tracked.sum() * 0",
             "tracked.detach() + 1"]:
    node = eval(code).grad_fn
    print(f"{code:<20} grad_fn = {type(node).__name__ if node else None}")
assert (plain * 2).grad_fn is None and (tracked.sum() * 0).grad_fn is not None  # markdown-exec: hide
assert (tracked.detach() + 1).grad_fn is None and (tracked * plain).grad_fn is not None  # markdown-exec: hide
