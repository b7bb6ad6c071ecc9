import torch.nn.functional as F

five_labels = torch.tensor([0, 1, 1, 0, 1])  # (5,)
for classes in (2, 10):
    flat_scores = torch.zeros(5, classes)  # (5, classes): 모든 클래스의 점수가 같다
    print(f"클래스 {classes}개, 점수가 모두 0: 손실 {F.cross_entropy(flat_scores, five_labels).item():.4f}")
assert round(F.cross_entropy(torch.zeros(5, 2), five_labels).item(), 4) == 0.6931  # markdown-exec: hide
assert round(F.cross_entropy(torch.zeros(5, 10), five_labels).item(), 4) == 2.3026  # markdown-exec: hide
