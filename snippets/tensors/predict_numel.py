for code in ["torch.zeros(2, 3, 4)", "torch.zeros(0, 5)", "torch.tensor([[5]])"]:
    made = eval(code)  # 문자열로 적은 코드를 그대로 실행합니다
    print(f"{code:<22} ndim={made.ndim}  numel={made.numel():<3} 형태={tuple(made.shape)}")
assert torch.zeros(0, 5).ndim == 2 and torch.zeros(0, 5).numel() == 0  # markdown-exec: hide
assert torch.tensor([[5]]).ndim == 2 and torch.zeros(2, 3, 4).numel() == 24  # markdown-exec: hide
