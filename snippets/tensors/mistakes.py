# --8<-- [start:batch]
cnn = nn.Sequential(
    nn.Conv2d(1, 8, kernel_size=3),  # (B, 1, 28, 28) -> (B, 8, 26, 26)
    nn.BatchNorm2d(8),
    nn.ReLU(),
    nn.Flatten(),  # (B, 8*26*26)
    nn.Linear(8 * 26 * 26, 10),  # (B, 10)
)
digit = torch.randn(1, 28, 28)  # (C, H, W): 배치 축이 없습니다
with expect_error(ValueError, match="expected 4D input"):
    cnn(digit)
print("unsqueeze(0) 후:", cnn(digit.unsqueeze(0)).shape)
assert cnn(digit.unsqueeze(0)).shape == (1, 10)  # markdown-exec: hide
# --8<-- [end:batch]

# --8<-- [start:inner]
with expect_error(RuntimeError, match="cannot be multiplied"):
    torch.randn(4, 3) @ torch.randn(2, 5)  # 안쪽 축: 3 대 2
fixed = torch.randn(4, 3) @ torch.randn(3, 5)  # (4, 3) @ (3, 5) -> (4, 5)
print(fixed.shape)
assert fixed.shape == (4, 5)  # markdown-exec: hide

# 안쪽 축이 어긋났을 때의 메시지는 두 피연산자의 차원에 따라 다르다(둘 다 기울기를 요구하지 않을 때)
inner_cases = [
    ((2, 4, 3), (2, 5), r"cannot be multiplied \(8x3 and 2x5\)"),  # 오른쪽이 2차원
    ((4, 3), (2, 2, 5), "first two dimensions of batch2"),  # 오른쪽이 3차원
    ((4, 3), (2,), "size mismatch"),  # 오른쪽이 벡터
    ((3,), (2,), "inconsistent tensor size"),  # 둘 다 벡터
]
for left, right, message in inner_cases:
    print(f"{left} @ {right}:")
    with expect_error(RuntimeError, match=message):
        torch.ones(left) @ torch.ones(right)

# 축이 적은 쪽이 기울기를 요구하면 축이 많은 쪽을 접어 2차원 곱으로 계산한다: 찍히는 크기도 접은 것
W = nn.Parameter(torch.randn(4, 3))  # (4, 3): 기울기를 요구하는 가중치
batch = torch.randn(8, 2, 5)  # (8, 2, 5)
print(f"W {tuple(W.shape)} @ batch {tuple(batch.shape)}:")
with expect_error(RuntimeError, match=r"cannot be multiplied \(40x2 and 3x4\)"):
    W @ batch  # batch의 행렬마다 전치해 (40, 2)로 접고, 전치한 W (3, 4)와 곱하려 한다
print("torch.no_grad() 안에서도:")
with torch.no_grad(), expect_error(RuntimeError, match=r"cannot be multiplied \(40x2 and 3x4\)"):
    W @ batch
print("(3,), requires_grad=True @ (2, 2, 5):")
with expect_error(RuntimeError, match=r"size mismatch, got input \(10\), mat \(10x2\), vec \(3\)"):
    torch.ones(3, requires_grad=True) @ torch.ones(2, 2, 5)

# transpose로 축 순서를 바꾼 3차원 왼쪽은 오른쪽이 기울기를 요구하지 않으면 접히지 않는다
swapped = torch.ones(4, 2, 3).transpose(0, 1)  # (4, 2, 3) -> (2, 4, 3)
swapped_cases = [
    (torch.ones(2, 5), "first two dimensions of batch2"),  # 오른쪽이 2차원
    (torch.ones(2), "first two dimensions of batch2"),  # 오른쪽이 벡터
    (torch.ones(2, 5, requires_grad=True), r"cannot be multiplied \(8x3 and 2x5\)"),  # 기울기 기록
]
for right, message in swapped_cases:
    print(f"transpose한 (2, 4, 3) @ {tuple(right.shape)}, requires_grad={right.requires_grad}:")
    with expect_error(RuntimeError, match=message):
        swapped @ right
# --8<-- [end:inner]

# --8<-- [start:class-axis]
from bookkit.show import expect_error

# 분류기의 logits는 (5, 2), target은 (5,). 축을 뒤집어 (2, 5)로 넘기면:
with expect_error(ValueError, match=r"batch_size \(2\) to match target batch_size \(5\)"):
    F.cross_entropy(logits.T, target)
print(f"{F.cross_entropy(logits, target).item():.4f}")  # (B, classes)와 (B,)
assert round(F.cross_entropy(logits, target).item(), 4) == 2.0207  # markdown-exec: hide

# 배치 크기와 클래스 수가 같으면(10 x 10) 뒤집어도 형태가 맞아서 오류가 나지 않습니다
square = torch.randn(10, 10)  # (B, classes) = (10, 10)
square_target = torch.tensor([3, 1, 4, 1, 5, 9, 2, 6, 5, 3])  # (10,)
right = F.cross_entropy(square, square_target)
flipped = F.cross_entropy(square.T, square_target)  # 오류 없이 다른 값
print(f"(10, 10) 바른 방향: {right.item():.4f} | 뒤집은 방향: {flipped.item():.4f}")
assert round(right.item(), 4) == 2.7771 and round(flipped.item(), 4) == 2.5711  # markdown-exec: hide
# --8<-- [end:class-axis]

# --8<-- [start:per-token]
# 토큰마다 클래스 점수를 내는 모델: 점수 (B, T, C), 정답 (B, T)
torch.manual_seed(0)
tokens, vocab = 4, 5
scores = torch.randn(2, tokens, vocab)  # (B, T, C)
answers = torch.randint(0, vocab, (2, tokens))  # (B, T)
with expect_error(RuntimeError, match=r"Expected target size \[2, 5\], got \[2, 4\]"):
    F.cross_entropy(scores, answers)  # 둘째 축을 클래스로 읽는다
by_axis = F.cross_entropy(scores.transpose(1, 2), answers)  # (B, C, T)
by_rows = F.cross_entropy(scores.reshape(-1, vocab), answers.reshape(-1))  # (B*T, C)와 (B*T,)
print(f"(B, C, T)로: {by_axis.item():.4f} | (B*T, C)로 펼쳐서: {by_rows.item():.4f}")
assert torch.allclose(by_axis, by_rows)  # markdown-exec: hide

# 토큰 수와 클래스 수가 같으면(T = C = 4) (B, T, C)를 그대로 넘겨도 오류가 나지 않는다
same = torch.randn(2, 4, 4)  # (B, T, C)
same_answers = torch.randint(0, 4, (2, 4))  # (B, T)
right = F.cross_entropy(same.transpose(1, 2), same_answers)
silent = F.cross_entropy(same, same_answers)  # 오류 없이 다른 값
print(f"T = C일 때 바른 방향: {right.item():.4f} | 그대로 넘긴 값: {silent.item():.4f}")
assert not torch.isclose(right, silent)  # markdown-exec: hide

# 확률 정답 (B, T, C)는 T와 C가 달라도 오류 없이 틀린다: 정답도 (B, C, T)로 돌린다
soft = torch.softmax(torch.randn(2, tokens, vocab), dim=-1)  # (B, T, C)
as_given = F.cross_entropy(scores, soft)
both_turned = F.cross_entropy(scores.transpose(1, 2), soft.transpose(1, 2))
print(f"확률 정답: 그대로 {as_given.item():.4f} | 둘 다 (B, C, T)로 {both_turned.item():.4f}")
assert not torch.isclose(as_given, both_turned)  # markdown-exec: hide
# --8<-- [end:per-token]

# --8<-- [start:label-dtype]
float_target = target.float()  # tensor([0., 1., 1., 0., 1.]): 형태 (5,)인 실수
with expect_error(RuntimeError, match="expected target dtype to be Long"):
    F.cross_entropy(logits, float_target)
with expect_error(RuntimeError, match="but got Int"):
    F.cross_entropy(logits, target.int())  # int32도 정수지만 거절됩니다
print(f"정수 클래스 번호 (5,): {F.cross_entropy(logits, float_target.long()).item():.4f}")
print(f"uint8 클래스 번호 (5,): {F.cross_entropy(logits, target.byte()).item():.4f}")

# 형태가 logits와 같은 (5, 2) 실수 정답은 샘플마다의 클래스 확률로 읽습니다
with expect_error(RuntimeError, match="Expected floating point type"):
    F.cross_entropy(logits, F.one_hot(target, num_classes=2))  # (5, 2)인 int64
one_hot = F.one_hot(target, num_classes=2).float()  # (5, 2): 정답 클래스에 확률 1
soft = 0.9 * one_hot + 0.05  # (5, 2): 정답 0.95, 나머지 0.05
print(f"확률 정답, one-hot (5, 2): {F.cross_entropy(logits, one_hot).item():.4f}")
print(f"확률 정답, 0.95/0.05 (5, 2): {F.cross_entropy(logits, soft).item():.4f}")
by_long = F.cross_entropy(logits, float_target.long())  # markdown-exec: hide
assert round(by_long.item(), 4) == 2.0207  # markdown-exec: hide
assert round(F.cross_entropy(logits, target.byte()).item(), 4) == 2.0207  # markdown-exec: hide
assert torch.allclose(F.cross_entropy(logits, one_hot), by_long)  # markdown-exec: hide
assert soft.sum(dim=1).allclose(torch.ones(5))  # markdown-exec: hide
# --8<-- [end:label-dtype]


# --8<-- [start:trace]
def show_shapes(**tensors):
    for name, t in tensors.items():
        print(f"{name:<10}{str(list(t.shape)):<10}{t.dtype}")


show_shapes(x=x, logits=logits, target=target)
# --8<-- [end:trace]
