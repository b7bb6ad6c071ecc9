rows = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
x = rows.t()  # 전치: 형태 (3, 2)인 뷰, 원소가 행 우선 순서로 놓여 있지 않다
copy = x.detach().to(torch.float64).clone()
print("clone()만 한 복사본의 is_contiguous():", copy.is_contiguous())
with expect_error(RuntimeError, match="view size is not compatible"):
    copy.view(-1)

point = x.detach().to(torch.float64).contiguous().clone()
print("contiguous().clone()의 is_contiguous():", point.is_contiguous())
print("point.view(-1):", point.view(-1).tolist())
print("numerical_grad(squares, x):", numerical_grad(squares, x).round(decimals=6).tolist())
print("grad_matches(squares, x):", grad_matches(squares, x))
assert not x.is_contiguous() and not copy.is_contiguous()  # markdown-exec: hide
assert point.data_ptr() != x.data_ptr() and point.is_contiguous()  # markdown-exec: hide
assert point.view(-1).tolist() == [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]  # markdown-exec: hide
assert torch.allclose(numerical_grad(squares, x), 2 * x.to(torch.float64))  # markdown-exec: hide
assert grad_matches(squares, x) is True  # markdown-exec: hide
expected = [[2.0, 8.0], [4.0, 10.0], [6.0, 12.0]]  # markdown-exec: hide
assert numerical_grad(squares, x).round(decimals=6).tolist() == expected  # markdown-exec: hide
