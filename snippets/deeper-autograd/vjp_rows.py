rows = []
for i in range(2):
    one_hot = torch.zeros(2)
    one_hot[i] = 1.0  # 출력 i만 1인 v
    x.grad = None
    f(x).backward(gradient=one_hot)
    rows.append(x.grad.clone())
    print(f"v = {one_hot.tolist()} -> x.grad = {x.grad.tolist()}")
print("한 줄씩 모은 행렬이 J와 같은가:", torch.equal(torch.stack(rows), J))

x.grad = None
f(x).backward(gradient=torch.ones(2))
print("v = [1, 1]  -> x.grad =", x.grad.tolist(), "= J의 열 합", J.sum(dim=0).tolist())
assert torch.equal(torch.stack(rows), J)  # markdown-exec: hide
assert torch.equal(x.grad, J.sum(dim=0))  # markdown-exec: hide
