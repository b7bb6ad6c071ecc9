drop = nn.Dropout(p=0.5)
ones = torch.ones(8)
print("drop.training:", drop.training)
print("train 모드:", drop(ones))
drop.eval()
print("eval 모드 :", drop(ones))
assert set(drop(ones).tolist()) == {1.0}  # markdown-exec: hide
drop.train()  # markdown-exec: hide
assert set(drop(ones).tolist()) <= {0.0, 2.0}  # markdown-exec: hide
