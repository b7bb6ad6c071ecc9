# 1. eval()만 부르고 no_grad를 잊는다: 평가 손실이 그래프를 붙잡는다
model = make_model()
model.eval()
val_loss = F.cross_entropy(model(x), target)
print("1. eval()만 쓴 평가 손실:", val_loss)

# 2. 기록에 텐서를 넣는다: 목록이 단계마다 그래프를 하나씩 붙잡는다
log = [F.cross_entropy(model(x), target) for _ in range(3)]
print("2. 텐서로 기록:", [type(v.grad_fn).__name__ for v in log],
      "| .item()으로 기록:", [round(v.item(), 4) for v in log])
assert val_loss.requires_grad and val_loss.grad_fn is not None  # markdown-exec: hide
