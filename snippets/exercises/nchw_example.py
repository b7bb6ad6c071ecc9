import torch

from labs.deep_learning_pytorch.tensors.solutions.nchw_and_gather import to_nchw

torch.manual_seed(0)
batch = torch.rand(8, 32, 32, 3)  # (B, H, W, C): 이미지 라이브러리의 순서
one = torch.rand(28, 28, 1)  # (H, W, C): 흑백 한 장
nchw = to_nchw(batch, channels=3)
print("배치 (8, 32, 32, 3) ->", tuple(nchw.shape), "연속 메모리:", nchw.is_contiguous())
print("한 장 (28, 28, 1) ->", tuple(to_nchw(one).shape))
print("nchw[0, 2, 5, 7] == batch[0, 5, 7, 2]:", bool(nchw[0, 2, 5, 7] == batch[0, 5, 7, 2]))
# contiguous()를 부르기 전, permute만 한 결과
print("permute만 한 배치의 연속 메모리:", batch.permute(0, 3, 1, 2).is_contiguous())
print(
    "permute만 한 흑백 한 장의 연속 메모리:", one.unsqueeze(0).permute(0, 3, 1, 2).is_contiguous()
)
assert tuple(nchw.shape) == (8, 3, 32, 32) and nchw.is_contiguous()  # markdown-exec: hide
assert tuple(to_nchw(one).shape) == (1, 1, 28, 28)  # markdown-exec: hide
assert bool(nchw[0, 2, 5, 7] == batch[0, 5, 7, 2])  # markdown-exec: hide
assert not batch.permute(0, 3, 1, 2).is_contiguous()  # markdown-exec: hide
assert one.unsqueeze(0).permute(0, 3, 1, 2).is_contiguous()  # markdown-exec: hide
