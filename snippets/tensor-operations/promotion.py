ints = torch.tensor([1, 2, 3])  # int64
f32 = torch.tensor([0.5, 1.5, 2.5])  # float32
f64 = torch.tensor([0.5, 1.5, 2.5], dtype=torch.float64)

cases = {
    "int64 tensor + float32 tensor": (ints, f32),
    "int64 tensor + 2": (ints, 2),
    "int64 tensor + 2.5": (ints, 2.5),
    "int64 tensor + float64 0-dim": (ints, torch.tensor(2.5, dtype=torch.float64)),
    "float32 tensor + float64 tensor": (f32, f64),
    "float32 tensor + 2.5": (f32, 2.5),
    "float32 tensor + float64 0-dim": (f32, torch.tensor(2.5, dtype=torch.float64)),
    "int32 tensor + int64 tensor": (ints.int(), ints),  # .int(): int32로 바꾼 텐서
    "uint8 tensor + int8 tensor": (
        torch.tensor([1], dtype=torch.uint8),
        torch.tensor([1], dtype=torch.int8),
    ),
    "bool tensor + int64 tensor": (torch.tensor([True, False, True]), ints),
}
results = {}
for name, (left, right) in cases.items():
    results[name] = torch.result_type(left, right)
    assert (left + right).dtype == results[name]  # 실제 덧셈의 결과와 같다
    print(f"{name:31} -> {results[name]}")
print("int64 / int64:", (ints / ints).dtype, "| int64 // int64:", (ints // ints).dtype)
i32 = ints.int()
print("int64의 .int()는 새 텐서:", i32 is not ints)
print("int32의 .int()는 자기 자신:", i32.int() is i32)
names = "f32 i64 f32 f64 f64 f32 f32 i64 i16 i64".split()  # markdown-exec: hide
short = {"f32": "float32", "f64": "float64", "i16": "int16", "i64": "int64"}  # markdown-exec: hide
expected = [getattr(torch, short[n]) for n in names]  # markdown-exec: hide
assert list(results.values()) == expected  # markdown-exec: hide
assert (ints / ints).dtype == torch.float32  # markdown-exec: hide
assert (ints // ints).dtype == torch.int64  # markdown-exec: hide
assert i32 is not ints and i32.int() is i32  # markdown-exec: hide
