from bookkit.show import expect_error

# 1. 배치가 없는 인자에 None을 주지 않는다: w의 길이 3을 배치 크기로 읽는다
with expect_error(ValueError, match="same size in the mapped dimension"):
    vmap(grad(loss_one))(w, X, y)

# 2. 변환 안의 텐서를 함수 밖 리스트에 모은다
escaped = []


def square_sum(v):
    escaped.append(v)  # 변환이 만든 텐서가 밖으로 나간다
    return (v**2).sum()


print("샘플별 기울기:", vmap(grad(square_sum))(X).shape)
print("나간 텐서의 형태는 읽힌다:", escaped[0].shape)
with expect_error(RuntimeError, match="escaped from inside a function being vmapped"):
    escaped[0] + 1

# 3. grad만 거친 텐서는 밖으로 나가도 오류 없이 계산된다
escaped.clear()
grad(square_sum)(X[0])
from_grad = escaped[0] + 1
print("grad에서 나간 텐서 + 1:", from_grad.tolist())
assert torch.equal(from_grad, X[0] + 1)  # markdown-exec: hide

# 4. grad의 f가 원소 하나짜리 (1, 1) 텐서를 돌려준다: backward()와 달리 0차원만 받는다
with expect_error(RuntimeError, match="Expected f\\(\\*args\\) to return a scalar Tensor"):
    grad(lambda v: (v**2).sum().reshape(1, 1))(X[0])
print("0차원으로 돌려주면:", grad(lambda v: (v**2).sum())(X[0]).shape)
leaf = X[0].clone().requires_grad_()  # markdown-exec: hide
(leaf**2).sum().reshape(1, 1).backward()  # markdown-exec: hide
assert torch.equal(leaf.grad, 2 * X[0])  # markdown-exec: hide

# 5. 배치 텐서를 키워드 인자로 넘긴다: vmap은 위치 인자만 나누고 키워드 인자는 통째로 넘긴다
def add(a, b):
    return a + b


print("위치 인자로:", vmap(add)(X, X).shape)
by_keyword = vmap(add)(X, b=X)
print("b를 키워드로:", by_keyword.shape)
assert by_keyword.shape == (X.shape[0], *X.shape)  # markdown-exec: hide
