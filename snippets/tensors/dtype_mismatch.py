from bookkit.show import expect_error

layer = nn.Linear(3, 2)  # 가중치는 float32
int_inputs = torch.tensor([[1, 2, 3]])  # int64

with expect_error(RuntimeError, match="same dtype"):
    layer(int_inputs)  # 행렬 곱: 자료형이 다르면 거절

print(layer(int_inputs.float()).shape)  # 실수로 바꾸면 계산됩니다
print(scale(torch.tensor([1, 2, 3])))  # 원소별 곱과 덧셈: int64 입력이 float32로 올라갑니다
assert layer(int_inputs.float()).shape == (1, 2)  # markdown-exec: hide
assert scale(torch.tensor([1, 2, 3])).dtype == torch.float32  # markdown-exec: hide
