# "실행 예" 칸의 호출을 eval로 실행해 "결과" 칸을 채운다.
import torch

torch.manual_seed(0)

creators = [
    (
        "torch.tensor(data)",
        "파이썬 리스트나 배열의 값을 복사해 텐서를 만든다.",
        "torch.tensor([1, 2, 3])",
    ),
    ("torch.zeros(shape)", "0으로 채운다. 1로 채우려면 `torch.ones()`.", "torch.zeros(2, 3)"),
    ("torch.ones(shape)", "1로 채운다.", "torch.ones(2)"),
    ("torch.randn(*shape)", "표준정규분포 N(0, 1)에서 뽑는다.", "torch.randn(3)"),
    ("torch.rand(*shape)", "균등분포 [0, 1)에서 뽑는다.", "torch.rand(3)"),
    (
        "torch.arange(start, end, step)",
        "`start`부터 `step` 간격으로 `end` 앞까지 만든다. 세 값이 모두 정수일 때만 "
        "`end`가 반드시 빠지고, 실수가 섞이면 반올림 때문에 `end`가 들어가기도 한다.",
        "torch.arange(0, 10, step=2)",
    ),
    (
        "torch.linspace(start, end, steps)",
        "`steps`개를 같은 간격으로 만든다. 2개 이상이면 `start`와 `end`를 모두 넣는다.",
        "torch.linspace(0, 1, steps=5)",
    ),
    ("torch.eye(n)", "n×n 단위행렬을 만든다.", "torch.eye(2)"),
    (
        "torch.empty(shape)",
        "메모리를 초기화하지 않아 빠르지만 값은 그때그때 다르다.",
        "torch.empty(2, 2).shape",
    ),
]

print("| 함수 | 하는 일 | 실행 예 | 결과 |")
print("| --- | --- | --- | --- |")
for signature, meaning, example in creators:
    result = eval(example)  # 표에 적힌 호출을 그대로 실행
    shown = repr(result).replace("\n", " ").replace("|", "\\|")
    shown = " ".join(shown.split())
    print(f"| `{signature}` | {meaning} | `{example}` | `{shown}` |")
torch.use_deterministic_algorithms(True)  # markdown-exec: hide
try:  # markdown-exec: hide
    filled = (torch.empty(3), torch.empty(3, dtype=torch.int64))  # markdown-exec: hide
finally:  # markdown-exec: hide
    torch.use_deterministic_algorithms(False)  # markdown-exec: hide
assert filled[0].isnan().all() and (filled[1] == torch.iinfo(torch.int64).max).all()  # markdown-exec: hide
