w = torch.tensor([1.0, 0.5], requires_grad=True)
for create in (False, True):
    w.grad = None
    (grad_f,) = torch.autograd.grad((w**3).sum(), w, create_graph=create)  # ∇f = 3w²
    loss = w.sum() + (grad_f**2).sum()  # 손실에 기울기 벌점 ‖∇f‖² = 9Σw⁴을 더한다
    loss.backward()
    print(f"create_graph={create!s:<5}: w.grad = {w.grad.tolist()}")
    expected = [1.0, 1.0] if not create else [37.0, 5.5]  # markdown-exec: hide
    assert w.grad.tolist() == expected  # markdown-exec: hide
