line = torch.arange(6.0)  # [0, 1, 2, 3, 4, 5]
shaped = line.view(2, 3)  # 같은 메모리를 2행 3열로 읽는 창
copied = line.clone().view(2, 3)  # 복사본을 2행 3열로
line.add_(10)  # 원본을 제자리에서 고친다
print("shaped[1, 2] =", shaped[1, 2].item())
print("copied[1, 2] =", copied[1, 2].item())
assert shaped[1, 2].item() == 15.0 and copied[1, 2].item() == 5.0  # markdown-exec: hide
