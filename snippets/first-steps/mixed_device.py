from bookkit.show import expect_error

layer = torch.nn.Linear(3, 2)  # 매개변수(가중치, 편향)는 CPU에
elsewhere = torch.ones(4, 3, device="meta")  # 입력은 CPU가 아닌 장치에 (값 없이 형태와 자료형만)
print("가중치:", layer.weight.device, "| 입력:", elsewhere.device)
with expect_error(RuntimeError, match="is not on the expected device"):
    layer(elsewhere)

# 고친 코드: 모델도 입력과 같은 장치로 옮긴다. 매개변수가 한꺼번에 옮겨진다.
layer = layer.to(elsewhere.device)
out = layer(elsewhere)
print("옮긴 뒤 가중치:", layer.weight.device, "| 출력:", out.device, list(out.shape))

# 예외: 값 하나만 담은 0차원 CPU 텐서는 다른 장치의 텐서와 섞여도 된다
cpu_scalar = torch.tensor(2.0)  # 0차원 CPU 텐서
mixed = elsewhere * cpu_scalar
print("meta (4, 3) × 0차원 CPU:", mixed.device, list(mixed.shape))
with expect_error(RuntimeError, match="is not on the expected device"):
    elsewhere * torch.tensor([2.0])  # 원소가 하나여도 1차원 CPU 텐서는 거절된다
assert out.device.type == "meta" and list(out.shape) == [4, 2]  # markdown-exec: hide
assert mixed.device.type == "meta" and cpu_scalar.dim() == 0  # markdown-exec: hide
