# NumPy float64 입력을 float32 모델에 넣는다
layer = torch.nn.Linear(3, 2)
inputs = np.zeros((1, 3))                                  # float64
with expect_error(RuntimeError, match="must have the same dtype, but got Double and Float"):
    layer(torch.from_numpy(inputs))
print("float32 + float64 배열:", (torch.ones(3) + torch.from_numpy(inputs[0])).dtype)
with expect_error(TypeError, match="unsupported operand"):
    inputs[0] * torch.ones(3)  # 배열이 연산자 왼쪽에 오면 +, -, *, @ 등은 거절된다
import warnings  # markdown-exec: hide

quiet = warnings.catch_warnings()  # NumPy 2의 __array_wrap__ 폐지 예고는 이 절과 무관하다  # markdown-exec: hide
quiet.__enter__()  # markdown-exec: hide
warnings.simplefilter("ignore", DeprecationWarning)  # markdown-exec: hide
print("배열 / float32 텐서:", (inputs[0] / torch.ones(3)).dtype)  # 나눗셈만은 조용히 float64
assert (inputs[0] / torch.ones(3)).dtype == torch.float64  # markdown-exec: hide
quiet.__exit__(None, None, None)  # markdown-exec: hide
left_ops = (lambda a, t: a + t, lambda a, t: a - t, lambda a, t: a * t, lambda a, t: a @ t)  # markdown-exec: hide
for op in left_ops:  # markdown-exec: hide
    try:  # markdown-exec: hide
        op(inputs[0], torch.ones(3))  # markdown-exec: hide
        raise AssertionError(op)  # markdown-exec: hide
    except TypeError:  # markdown-exec: hide
        pass  # markdown-exec: hide
try:  # markdown-exec: hide
    inputs[0] / torch.ones(3, requires_grad=True)  # markdown-exec: hide
    raise AssertionError("division by a tensor that requires grad")  # markdown-exec: hide
except RuntimeError as error:  # markdown-exec: hide
    assert "Can't call numpy() on Tensor that requires grad" in str(error)  # markdown-exec: hide
print("고친 뒤:", layer(torch.as_tensor(inputs, dtype=torch.float32)).dtype)
assert (torch.ones(3) + torch.from_numpy(inputs[0])).dtype == torch.float64  # markdown-exec: hide
compared = inputs[0].astype(np.float32)  # markdown-exec: hide
for op in (lambda t, a: t < a, lambda t, a: t <= a, lambda t, a: t > a, lambda t, a: t >= a):  # markdown-exec: hide
    try:  # markdown-exec: hide
        op(torch.from_numpy(compared), compared)  # markdown-exec: hide
        raise AssertionError(op)  # markdown-exec: hide
    except TypeError:  # markdown-exec: hide
        pass  # markdown-exec: hide
assert (torch.from_numpy(compared) == compared).dtype == torch.bool  # markdown-exec: hide
assert (torch.from_numpy(compared) != compared) is True  # even for equal values  # markdown-exec: hide

# as_tensor는 자료형이 이미 맞으면 복사하지 않는다: 원본 배열과 메모리를 공유한다
already = np.zeros(3, dtype=np.float32)
converted = torch.as_tensor(inputs[0], dtype=torch.float32)  # float64 -> float32: 복사
shared = torch.as_tensor(already, dtype=torch.float32)       # 이미 float32: 공유
converted += 1
shared += 1
print("바꾼 쪽의 원본:", inputs[0], "| 이미 float32였던 원본:", already)
assert inputs[0].tolist() == [0.0, 0.0, 0.0] and already.tolist() == [1.0, 1.0, 1.0]  # markdown-exec: hide

# 뒤집은 배열(음수 보폭)과 바이트 순서가 다른 배열은 받지 못한다
flipped = np.arange(3.0)[::-1]  # np.flip(a), img[..., ::-1]도 보폭이 음수인 뷰
print("flipped의 보폭(바이트):", flipped.strides)
with expect_error(ValueError, match="negative"):
    torch.from_numpy(flipped)
big_endian = np.arange(3.0, dtype=">f4")  # 빅 엔디언 float32: 이 기계의 바이트 순서와 다르다
with expect_error(ValueError, match="byte order"):
    torch.as_tensor(big_endian)
print("copy() 뒤:", torch.from_numpy(flipped.copy()))
print("astype(np.float32) 뒤:", torch.as_tensor(big_endian.astype(np.float32)))
assert np.flip(np.ones(3)).strides[0] < 0 and np.ones((2, 3))[..., ::-1].strides[1] < 0  # markdown-exec: hide
assert flipped.copy().strides[0] > 0 and big_endian.copy().dtype.byteorder == ">"  # markdown-exec: hide
makers = (torch.from_numpy, torch.as_tensor, torch.tensor)  # markdown-exec: hide
refused = 0  # markdown-exec: hide
for make, array in [(m, a) for m in makers for a in (flipped, big_endian)]:  # markdown-exec: hide
    try:  # markdown-exec: hide
        make(array)  # markdown-exec: hide
    except ValueError:  # markdown-exec: hide
        refused += 1  # markdown-exec: hide
assert refused == 6  # markdown-exec: hide
