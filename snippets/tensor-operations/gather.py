logits = torch.tensor([[4.8, -0.5],
                       [0.3, -1.9],
                       [1.2, 2.0]])  # (3, 2): 샘플 3개, 클래스 2개
target = torch.tensor([0, 1, 1])  # (3,)

index = target.unsqueeze(1)  # (3, 1): gather의 index는 입력과 축 수가 같아야 한다
picked = logits.gather(dim=1, index=index)  # (3, 1): out[i][0] = logits[i][index[i][0]]
print("gather:", picked.squeeze(1))
print("logits[torch.arange(3), target]:", logits[torch.arange(3), target])
assert picked.squeeze(1).tolist() == logits[torch.arange(3), target].tolist()  # markdown-exec: hide
assert torch.allclose(picked.squeeze(1), torch.tensor([4.8, -1.9, 2.0]))  # markdown-exec: hide
