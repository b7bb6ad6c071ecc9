import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
x = torch.randn(5, 3)  # (5, 3): 텐서 장의 입력, 샘플 5개 특성 3개
W = torch.randn(3, 2)  # (3, 2)
b = torch.randn(2)  # (2,)
target = torch.tensor([0, 1, 1, 0, 1])  # (5,): 정답 클래스


def make_model():
    """텐서 장의 W, b에서 출발하는 선형 분류기 (특성 3개 -> 클래스 2개)."""
    model = nn.Linear(3, 2)
    with torch.no_grad():
        model.weight.copy_(W.T)  # nn.Linear는 가중치를 [out, in]으로 저장한다
        model.bias.copy_(b)
    return model


model = make_model()
loss = F.cross_entropy(model(x), target)
print("weight shape:", model.weight.shape, "| bias shape:", model.bias.shape)
print("처음 손실:", round(loss.item(), 4))
assert round(loss.item(), 4) == 2.0207  # markdown-exec: hide
