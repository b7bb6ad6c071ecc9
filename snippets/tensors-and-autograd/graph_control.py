import torch

from bookkit.show import expect_error

torch.manual_seed(0)  # 이 페이지의 무작위 값은 모두 여기서 시작합니다


def shares_memory(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


def describe(name, t, original):
    print(f"{name:<23} requires_grad={t.requires_grad!s:<5} "
          f"grad_fn={type(t.grad_fn).__name__ if t.grad_fn else None!s:<14} "
          f"메모리 공유={shares_memory(t, original)}")


p = torch.randn(3, requires_grad=True)                     # 매개변수 역할의 리프 텐서
detached = p.detach()
with torch.no_grad():
    no_grad_out = p * 2
with torch.inference_mode():
    inference_out = p * 2
cloned = p.clone()
with torch.set_grad_enabled(False):                        # 인자로 켜고 끈다
    switched_off = p * 2
with torch.no_grad(), torch.set_grad_enabled(True):
    switched_on = p * 2
with torch.no_grad(), torch.enable_grad():                 # no_grad 안에서 다시 켠다
    re_enabled = p * 2
with torch.inference_mode(), torch.enable_grad():          # inference_mode 안에서는 켜지 않는다
    still_off = p * 2
for name, t in [("p.detach()", detached), ("no_grad: p * 2", no_grad_out),
                ("inference: p * 2", inference_out), ("p.clone()", cloned),
                ("set_grad_enabled(False)", switched_off), ("set_grad_enabled(True)", switched_on),
                ("no_grad+enable_grad", re_enabled), ("inference+enable_grad", still_off)]:
    describe(name, t, p)
assert not detached.requires_grad and shares_memory(detached, p)  # markdown-exec: hide
assert not no_grad_out.requires_grad and not shares_memory(no_grad_out, p)  # markdown-exec: hide
assert not inference_out.requires_grad and inference_out.is_inference()  # markdown-exec: hide
assert cloned.requires_grad and not shares_memory(cloned, p)  # markdown-exec: hide
assert type(cloned.grad_fn).__name__ == "CloneBackward0"  # markdown-exec: hide
assert not switched_off.requires_grad and switched_off.grad_fn is None  # markdown-exec: hide
assert switched_on.requires_grad and re_enabled.requires_grad  # markdown-exec: hide
assert type(re_enabled.grad_fn).__name__ == "MulBackward0"  # markdown-exec: hide
assert not any(shares_memory(t, p) for t in (switched_off, switched_on, re_enabled))  # markdown-exec: hide
assert not still_off.requires_grad and still_off.grad_fn is None  # markdown-exec: hide
assert still_off.is_inference()  # markdown-exec: hide
with torch.set_grad_enabled(False), torch.enable_grad():  # markdown-exec: hide
    assert (p * 2).requires_grad  # markdown-exec: hide
with torch.set_grad_enabled(True):  # markdown-exec: hide
    assert not (p.detach() * 2).requires_grad  # markdown-exec: hide

before = p._version
detached.mul_(1.0)                                         # detach한 쪽을 제자리 수정
print("detach 쪽 수정 -> 원본 버전:", before, "->", p._version)
assert before == 0 and p._version == before + 1  # markdown-exec: hide
cloned.mul_(1.0)
print("clone 쪽 수정 -> 원본 버전:", p._version, "(그대로)")
assert p._version == before + 1  # markdown-exec: hide
print("inference 텐서인가:", inference_out.is_inference(), end=" / ")
with expect_error(RuntimeError, match="do not track version counter"):
    inference_out._version
with expect_error(RuntimeError, match="Inference tensors cannot be saved for backward"):
    (inference_out * p).sum().backward()

with expect_error(RuntimeError, match="leaf Variable that requires grad"):
    p -= 0.1                                               # 그래프 밖에서 고쳐야 한다
with torch.no_grad():
    p -= 0.1                                               # 매개변수 갱신은 no_grad 안에서
print("no_grad 안 갱신 뒤: 리프 텐서인가", p.is_leaf, "| requires_grad", p.requires_grad)
assert p.is_leaf and p.requires_grad  # markdown-exec: hide
