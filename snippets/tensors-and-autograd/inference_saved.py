with torch.inference_mode():
    frozen = torch.tensor([1.0, 2.0, 3.0]) * 2  # 추론 텐서 [2, 4, 6]
w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)  # 기울기가 필요한 리프 텐서

(w + frozen).sum().backward()  # 덧셈의 역전파는 입력 값을 저장하지 않는다
print("w + frozen의 w.grad:", w.grad.tolist())
assert w.grad.tolist() == [1.0, 1.0, 1.0]  # markdown-exec: hide

w.grad = None
with expect_error(RuntimeError, match="Inference tensors cannot be saved for backward"):
    w * frozen  # w의 기울기에 frozen 값이 필요하므로 저장하려다 멈춘다
(w * frozen.clone()).sum().backward()  # 추론 모드 밖에서 복사하면 보통 텐서가 된다
print("w * frozen.clone()의 w.grad:", w.grad.tolist())
assert w.grad.tolist() == [2.0, 4.0, 6.0]  # markdown-exec: hide
assert not frozen.clone().is_inference()  # markdown-exec: hide
with expect_error(RuntimeError, match="Inplace update to inference tensor outside InferenceMode"):
    frozen.add_(1)  # 추론 모드 밖에서 추론 텐서를 제자리로 고친다
print("거절된 add_(1) 뒤의 값:", frozen.tolist())  # 오류가 났는데도 값은 이미 바뀌었다
assert frozen.tolist() == [3.0, 5.0, 7.0]  # markdown-exec: hide
with expect_error(RuntimeError, match="Setting requires_grad=True on inference tensor"):
    frozen.requires_grad_()  # 추론 모드 밖에서 추론 텐서를 기록 대상으로 만든다
with torch.inference_mode():
    frozen.add_(1)  # 추론 모드 안에서는 제자리 수정이 된다
    with expect_error(RuntimeError, match="do not track version counter"):
        frozen._version  # 버전 카운터는 추론 모드 안에서도 없다
print("추론 모드 안에서 add_(1) 뒤:", frozen.tolist())
assert frozen.tolist() == [4.0, 6.0, 8.0]  # markdown-exec: hide
