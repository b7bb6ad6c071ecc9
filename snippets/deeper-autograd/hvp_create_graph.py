from torch.autograd.functional import hessian

(grad_g,) = torch.autograd.grad(g(x), x, create_graph=True)
print("create_graph=True의 기울기:", grad_g)

u = torch.tensor([1.0, 0.0, -1.0])
(hvp,) = torch.autograd.grad(grad_g @ u, x)  # 기울기와 u의 내적을 한 번 더 미분
H = hessian(g, x.detach())  # (3, 3)
print("H =", H, sep="\n")
print("hvp      =", hvp, " (grad 두 번으로 구한 Hu)")
print("H @ u    =", H @ u, " (행렬을 만들어 곱함)")
hvp_func = torch.func.grad(lambda v: torch.func.grad(g)(v) @ u)(x.detach())  # grad를 두 번 겹친다
print("hvp_func =", hvp_func, " (torch.func.grad 두 번)")
assert torch.equal(H, torch.tensor([[6.0, 3.0, 2.0], [3.0, 12.0, 1.0], [2.0, 1.0, 18.0]]))  # markdown-exec: hide
assert torch.equal(hvp, torch.tensor([4.0, 2.0, -16.0]))  # markdown-exec: hide
assert torch.equal(hvp, H @ u)  # markdown-exec: hide
assert torch.equal(hvp_func, hvp)  # markdown-exec: hide
