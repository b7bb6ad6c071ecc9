from bookkit.show import expect_error

f16 = torch.tensor([0.5, 1.5]).half()  # .half(): float16으로 바꾼 텐서
bf16 = torch.tensor([0.5, 1.5]).bfloat16()  # .bfloat16(): bfloat16으로 바꾼 텐서
c64 = torch.tensor([1 + 2j, 3 - 1j, 0.5j])  # 파이썬 복소수로 만들면 complex64
c128_0d = torch.tensor(1j, dtype=torch.complex128)  # 0차원 complex128

edges = {
    "float16 tensor + bfloat16 tensor": (f16, bf16),
    "complex64 tensor + float64 tensor": (c64, f64),
    "float32 tensor + complex128 0-dim": (f32, c128_0d),
    "int64 tensor + complex128 0-dim": (ints, c128_0d),
}
edge_results = {}
for name, (left, right) in edges.items():
    edge_results[name] = torch.result_type(left, right)
    assert (left + right).dtype == edge_results[name]  # 실제 덧셈의 결과와 같다
    print(f"{name:33} -> {edge_results[name]}")

small = torch.tensor([1, 2], dtype=torch.uint16)
with expect_error(RuntimeError, match="Promotion for uint16, uint32, uint64 types is not supported"):
    small + torch.tensor([1, 2], dtype=torch.int8)
with expect_error(NotImplementedError, match="not implemented for 'UInt16'"):
    small + small  # 같은 uint16끼리의 덧셈도 구현되어 있지 않다
print("small * 2:", small * 2, "| int64로 바꾼 뒤 더하기:", small.long() + small.long())
assert f16.dtype == torch.float16 and bf16.dtype == torch.bfloat16  # markdown-exec: hide
assert c64.dtype == torch.complex64 and c128_0d.dim() == 0  # markdown-exec: hide
expected_edges = [torch.float32, torch.complex128, torch.complex64, torch.complex128]  # markdown-exec: hide
assert list(edge_results.values()) == expected_edges  # markdown-exec: hide
assert (small * 2).tolist() == [2, 4] and (small * 2).dtype == torch.uint16  # markdown-exec: hide
for unsigned in [torch.uint32, torch.uint64]:  # markdown-exec: hide
    wide = torch.tensor([1, 2], dtype=unsigned)  # markdown-exec: hide
    assert (wide * 2).dtype == unsigned  # markdown-exec: hide
    try:  # markdown-exec: hide
        wide + wide  # markdown-exec: hide
        raise AssertionError(f"{unsigned} + {unsigned} worked")  # markdown-exec: hide
    except NotImplementedError:  # markdown-exec: hide
        pass  # markdown-exec: hide
import warnings  # markdown-exec: hide

with warnings.catch_warnings(record=True) as caught:  # markdown-exec: hide
    warnings.simplefilter("always")  # markdown-exec: hide
    assert (f16 + 1j).dtype == torch.complex32  # markdown-exec: hide
    try:  # markdown-exec: hide
        bf16 + 1j  # markdown-exec: hide
        raise AssertionError("bfloat16 + 1j worked")  # markdown-exec: hide
    except NotImplementedError:  # markdown-exec: hide
        pass  # markdown-exec: hide
assert any("ComplexHalf support is experimental" in str(w.message) for w in caught)  # markdown-exec: hide
