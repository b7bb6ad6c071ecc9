# eval()만 부르고 no_grad를 잊으면 평가 손실에 그래프가 붙는다
model = make_model()
model.eval()
val_loss = F.cross_entropy(model(x), target)
print("eval()만 쓴 평가 손실:", val_loss)
with torch.no_grad():
    print("eval() + no_grad 평가 손실:", F.cross_entropy(model(x), target))
assert val_loss.requires_grad and val_loss.grad_fn is not None  # markdown-exec: hide
