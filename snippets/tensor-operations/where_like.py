clipped = torch.where(scores > 0, scores, 0.0)  # 참이면 scores, 거짓이면 0.0
print("where(scores > 0, scores, 0.0):", clipped, sep="\n")
row_max = scores.max(dim=1, keepdim=True).values  # (2, 1)
print("where(..., 1.0, -1.0) 브로드캐스팅:", torch.where(scores == row_max, 1.0, -1.0).tolist())

for make in [torch.zeros_like, torch.ones_like, torch.randn_like]:
    made = make(scores)
    print(f"{make.__name__:11}", tuple(made.shape), made.dtype, made.device)
print("full_like(scores, 7.0):", torch.full_like(scores, 7.0).tolist())

counts = torch.tensor([1, 2, 3])  # int64
print(
    "정수 텐서의 zeros_like:",
    torch.zeros_like(counts).dtype,
    "| full_like(counts, 7.9):",
    torch.full_like(counts, 7.9),
)  # int64에 담으며 소수점을 버린다
print("dtype을 주면 바뀐다:", torch.ones_like(counts, dtype=torch.float32))
with expect_error(NotImplementedError, match="not implemented for 'Long'"):
    torch.randn_like(counts)  # 정수 자료형에는 정규분포 난수가 없다
turned = torch.zeros(2, 3).t()  # (3, 2): 전치라서 연속 메모리가 아님
print(
    "zeros_like(turned) 연속 메모리:",
    torch.zeros_like(turned).is_contiguous(),
    "| zeros(turned.shape):",
    torch.zeros(turned.shape).is_contiguous(),
)
spread = torch.tensor([1.0, 2.0, 3.0]).expand(4, 3)  # (4, 3): 한 행을 보폭 0으로 네 번 읽음
sliced = torch.zeros(3, 4)[:, 1:]  # (3, 3): 행마다 첫 칸을 건너뜀
twisted = torch.zeros(4, 3).t()[1:]  # (2, 4): 전치한 뒤 첫 행을 건너뜀
fanned = torch.zeros(3, 4).t().expand(2, 4, 3)  # (2, 4, 3): 전치한 것을 앞 축으로 두 번 읽음
shown = [("turned", turned), ("spread", spread), ("sliced", sliced), ("twisted", twisted), ("fanned", fanned)]
for name, t in shown:
    made = torch.zeros_like(t)
    print(
        f"{name:7} 보폭 {t.stride()} -> zeros_like 보폭 {made.stride()} | 연속 메모리 {made.is_contiguous()}"
    )
weight = torch.ones(3, requires_grad=True)
print("requires_grad는 따라오지 않는다:", torch.zeros_like(weight).requires_grad)
assert clipped.tolist() == [[0.5, 0.0, 2.0], [3.0, 0.0, 0.0]]  # markdown-exec: hide
marks = torch.where(scores == row_max, 1.0, -1.0)  # markdown-exec: hide
assert marks.tolist() == [[-1.0, -1.0, 1.0], [1.0, -1.0, -1.0]]  # markdown-exec: hide
for m in [torch.zeros_like, torch.ones_like, torch.randn_like]:  # markdown-exec: hide
    made = m(scores)  # markdown-exec: hide
    assert made.shape == scores.shape and made.dtype == scores.dtype  # markdown-exec: hide
assert torch.full_like(counts, 7.9).tolist() == [7, 7, 7]  # markdown-exec: hide
assert torch.zeros_like(counts).dtype == torch.int64  # markdown-exec: hide
assert not torch.zeros_like(weight).requires_grad  # markdown-exec: hide
assert not torch.zeros_like(turned).is_contiguous()  # markdown-exec: hide
assert torch.zeros(turned.shape).is_contiguous()  # markdown-exec: hide
assert torch.zeros_like(turned).stride() == turned.stride() == (1, 3)  # markdown-exec: hide
assert spread.stride() == (0, 1)  # markdown-exec: hide
assert torch.zeros_like(spread).stride() == (3, 1)  # markdown-exec: hide
assert torch.zeros_like(spread).is_contiguous()  # markdown-exec: hide
assert sliced.stride() == (4, 1)  # markdown-exec: hide
assert torch.zeros_like(sliced).stride() == (3, 1)  # markdown-exec: hide
assert twisted.shape == (2, 4) and twisted.stride() == (1, 3)  # markdown-exec: hide
assert torch.zeros_like(twisted).stride() == (1, 2)  # markdown-exec: hide
assert not torch.zeros_like(twisted).is_contiguous()  # markdown-exec: hide
assert fanned.stride() == (0, 1, 4)  # markdown-exec: hide
assert torch.zeros_like(fanned).stride() == (12, 1, 4)  # markdown-exec: hide
assert not torch.zeros_like(fanned).is_contiguous()  # markdown-exec: hide
leading = torch.zeros(2, 3)[:, None, :].expand(2, 4, 3).permute(1, 0, 2)  # markdown-exec: hide
assert leading.stride() == (0, 3, 1) and torch.zeros_like(leading).stride() == (6, 3, 1)  # markdown-exec: hide
last_zero = torch.zeros(3, 4).t().unsqueeze(-1).expand(4, 3, 2)  # markdown-exec: hide
assert last_zero.stride() == (1, 4, 0) and torch.zeros_like(last_zero).stride() == (2, 8, 1)  # markdown-exec: hide
middle_zero = torch.zeros(3, 4).t().unsqueeze(1).expand(4, 2, 3)  # markdown-exec: hide
assert middle_zero.stride() == (1, 0, 4) and torch.zeros_like(middle_zero).stride() == (1, 4, 8)  # markdown-exec: hide
