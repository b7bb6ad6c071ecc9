from bookkit.show import expect_error

weight = torch.ones(2, 3)  # (2, 3) 가중치는 CPU에
inputs = torch.ones(2, 3, device="meta")  # (2, 3) 입력은 CPU가 아닌 장치에(형태와 자료형만)
print("가중치:", weight.device, "| 입력:", inputs.device)
with expect_error(RuntimeError, match="is not on the expected device"):
    inputs * weight

# 고친 코드: 가중치를 입력과 같은 장치로 옮긴다.
weight = weight.to(inputs.device)
out = inputs * weight
print("옮긴 뒤 가중치:", weight.device, "| 결과:", out.device, list(out.shape))

# 예외: 값 하나만 담은 0차원 CPU 텐서는 다른 장치의 텐서와 섞여도 된다
cpu_scalar = torch.tensor(2.0)  # 0차원 CPU 텐서
mixed = inputs * cpu_scalar
print("meta (2, 3) × 0차원 CPU:", mixed.device, list(mixed.shape))
with expect_error(RuntimeError, match="is not on the expected device"):
    inputs * torch.tensor([2.0])  # 원소가 하나여도 1차원 CPU 텐서는 거절된다
with expect_error(RuntimeError, match="is not on the expected device"):
    torch.stack([inputs[0, 0], cpu_scalar])  # 원소별 연산이 아닌 stack에서는 0차원도 거절된다

# 또 하나의 예외: 대괄호 인덱싱에서는 원소를 고르는 번호(인덱스 텐서)가 CPU에 있어도 된다
rows = torch.tensor([1, 0])  # CPU에 있는 1차원 인덱스 텐서
picked = inputs[rows]
print("meta 텐서[CPU 인덱스]:", picked.device, list(picked.shape))
inputs[rows] = torch.ones(2, 3, device="meta")  # 대괄호로 대입할 때도 CPU 인덱스를 받는다
print("CPU 인덱스로 대입한 meta 텐서:", inputs.device, list(inputs.shape))
assert out.device.type == "meta" and list(out.shape) == [2, 3]  # markdown-exec: hide
assert mixed.device.type == "meta" and cpu_scalar.dim() == 0  # markdown-exec: hide
assert rows.device.type == "cpu" and rows.dim() == 1  # markdown-exec: hide
assert picked.device.type == "meta" and list(picked.shape) == [2, 3]  # markdown-exec: hide
assert inputs.device.type == "meta" and list(inputs.shape) == [2, 3]  # markdown-exec: hide
