device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

a = torch.tensor([1.0, 2.0]).to(device)
b = torch.tensor([3.0, 4.0]).to(device)
print(a + b)

model = torch.nn.Linear(2, 1).to(device)  # 모델의 매개변수도 같은 장치로
print("입력의 장치:", a.device, " 가중치의 장치:", model.weight.device)
assert (a + b).tolist() == [4.0, 6.0] and model.weight.device == a.device  # markdown-exec: hide
