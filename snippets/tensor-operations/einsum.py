A = torch.arange(6.0).reshape(2, 3)  # (2, 3)
B = torch.arange(12.0).reshape(3, 4)  # (3, 4)
P = torch.arange(24.0).reshape(2, 3, 4)  # (2, 3, 4): 배치 2개
Q = torch.arange(40.0).reshape(2, 4, 5)  # (2, 4, 5)
S = torch.arange(9.0).reshape(3, 3)  # (3, 3)

pairs = {
    "ij,jk->ik  vs A @ B": (torch.einsum("ij,jk->ik", A, B), A @ B),
    "bij,bjk->bik vs torch.bmm": (torch.einsum("bij,bjk->bik", P, Q), torch.bmm(P, Q)),
    "ii-> vs torch.trace": (torch.einsum("ii->", S), torch.trace(S)),
    "ij->ji vs A.T": (torch.einsum("ij->ji", A), A.T),
    "ij->j vs A.sum(dim=0)": (torch.einsum("ij->j", A), A.sum(dim=0)),
}
for name, (by_einsum, plain) in pairs.items():
    print(f"{name:28} shape {tuple(by_einsum.shape)!s:10} 같은가 {torch.equal(by_einsum, plain)}")
assert all(torch.equal(e, p) for e, p in pairs.values())  # markdown-exec: hide
assert torch.einsum("ii->", S).item() == 12.0  # markdown-exec: hide
