start = torch.tensor([1.0, 2.0], requires_grad=True)
halved = start / 2
frozen = halved.detach()
widened = start.to(torch.float64)
for name, t in (("start", start), ("halved", halved), ("frozen", frozen), ("widened", widened)):
    print(f"{name:<8} is_leaf={t.is_leaf}")
leaves = [t.is_leaf for t in (start, halved, frozen, widened)]  # markdown-exec: hide
assert leaves == [True, False, True, False]  # markdown-exec: hide
