x = torch.tensor(2.0, requires_grad=True)
y = x**2 + 3 * x + 1
y.backward()
with expect_error(RuntimeError, match="backward through the graph a second time"):
    y.backward()  # 첫 역전파가 저장된 중간값을 이미 풀어 버렸다
probe = torch.tensor(2.0, requires_grad=True)  # markdown-exec: hide
builds = ((lambda v: 3 * v + 1, True), (lambda v: v / 2, True), (lambda v: v + 1, False))  # markdown-exec: hide
builds += ((lambda v: v.add(v, alpha=2), False),)  # alpha로 곱한 상수는 텐서로 저장되지 않는다  # markdown-exec: hide
for build, saves in builds:  # markdown-exec: hide
    linear = build(probe)  # markdown-exec: hide
    linear.backward()  # markdown-exec: hide
    try:  # markdown-exec: hide
        linear.backward()  # markdown-exec: hide
        assert not saves, "a graph that saves a constant allowed a second backward"  # markdown-exec: hide
    except RuntimeError as error:  # markdown-exec: hide
        assert saves and "second time" in str(error)  # markdown-exec: hide
