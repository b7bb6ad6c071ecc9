def center_(t):  # 평균을 빼는 '정리' 함수: 제자리에서 고친다
    t -= t.mean()
    return t


def forward(a):
    h = a * 2
    s = torch.sigmoid(h)  # 역전파용으로 출력 s를 저장한다
    s = center_(s)  # 다른 함수 안에서 s를 제자리 수정
    return (s**2).sum()


a = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
loss = forward(a)
with expect_error(RuntimeError, match="(?s)modified by an inplace operation.*enable anomaly detection"):
    loss.backward()
