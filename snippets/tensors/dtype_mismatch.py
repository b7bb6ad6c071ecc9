from bookkit.show import expect_error

layer = nn.Linear(3, 2)  # 가중치는 float32
int_inputs = torch.tensor([[1, 2, 3]])  # int64

with expect_error(RuntimeError, match="same dtype"):
    layer(int_inputs)

print(layer(int_inputs.float()).shape)  # 실수로 바꾸면 계산됩니다
assert layer(int_inputs.float()).shape == (1, 2)  # markdown-exec: hide
