all_padding = torch.tensor(
    [[False, False, True, True], [True, True, True, True]]
)  # 둘째 행은 전부 가렸다
weights = scores.masked_fill(all_padding, float("-inf")).softmax(dim=1)
print("softmax:", weights, sep="\n")  # 둘째 행: exp(-inf)의 합이 0이라 0/0
print("행마다 nan이 있는가:", weights.isnan().any(dim=1).tolist())
print("== nan으로 찾으면:", (weights == float("nan")).any(dim=1).tolist())  # nan은 자신과도 다르다

fully_masked = all_padding.all(dim=1, keepdim=True)  # (2, 1): 행 전체가 가려졌는가
fixed = torch.where(fully_masked, 0.0, weights)  # 그런 행은 가중치를 모두 0으로
print("where로 고친 뒤:", fixed, sep="\n")
print("고친 뒤 nan이 있는가:", fixed.isnan().any().item())
assert weights[1].isnan().all() and not weights[0].isnan().any()  # markdown-exec: hide
assert (weights[0, 2:] == 0).all()  # markdown-exec: hide
assert abs(weights[0].sum().item() - 1.0) < 1e-6  # markdown-exec: hide
assert weights.isnan().any(dim=1).tolist() == [False, True]  # markdown-exec: hide
assert not (weights == float("nan")).any()  # markdown-exec: hide
assert not fixed.isnan().any()  # markdown-exec: hide
assert (fixed[1] == 0).all() and torch.equal(fixed[0], weights[0])  # markdown-exec: hide
