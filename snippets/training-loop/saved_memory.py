import weakref

from bookkit.show import expect_error


class Box:
    """pack이 돌려주는 저장본 상자."""

    def __init__(self, tensor):
        self.tensor = tensor


class SavedTensorMeter:
    """그래프가 역전파용으로 저장해 두고 아직 놓지 않은 텐서의 바이트를 잰다."""

    def __init__(self):
        self.boxes = weakref.WeakSet()  # 그래프가 상자를 놓으면 여기서도 저절로 빠진다

    def pack(self, tensor):  # forward에서 텐서를 저장할 때마다 불린다
        box = Box(tensor.detach())  # detach: 상자가 그래프를 다시 가리키지 않게
        self.boxes.add(box)
        return box

    def unpack(self, box):  # 역전파에서 저장본을 꺼낼 때 불린다
        return box.tensor

    def mib(self):
        sizes = {
            b.tensor.data_ptr(): b.tensor.numel() * b.tensor.element_size() for b in self.boxes
        }
        return sum(sizes.values()) / 2**20  # 같은 텐서를 두 노드가 저장해도 한 번만 센다


def batch():
    xb = torch.randn(4096, 3)  # 단계마다 새 배치
    return xb, (xb[:, 0] > 0).long()


meter = SavedTensorMeter()
model = make_model()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
with torch.autograd.graph.saved_tensors_hooks(meter.pack, meter.unpack):
    train_log = []
    for _ in range(20):
        xb, tb = batch()
        optimizer.zero_grad()
        loss = F.cross_entropy(model(xb), tb)
        loss.backward()
        optimizer.step()
        train_log.append(loss)  # 텐서째 기록
    after_train = meter.mib()
    print(f"학습 20단계 (backward() 부름), 손실 텐서 20개 기록: 저장 텐서 {after_train:.2f} MiB")
    print(
        "  첫 손실의 grad_fn:",
        type(train_log[0].grad_fn).__name__,
        "->",
        type(train_log[0].grad_fn.next_functions[0][0]).__name__,
    )

    model.eval()
    eval_log = []
    for _ in range(20):
        xb, tb = batch()
        eval_log.append(F.cross_entropy(model(xb), tb))  # no_grad 없이, 역전파도 없이
    after_eval = meter.mib()
    print(f"평가 20단계 (no_grad 없음), 손실 텐서 20개 기록: 저장 텐서 {after_eval:.2f} MiB")

    with torch.no_grad():
        eval_items = [
            F.cross_entropy(model(xb), tb).item() for xb, tb in (batch() for _ in range(20))
        ]
    after_no_grad = meter.mib()
    print(f"같은 평가를 no_grad 안에서 .item()으로 더 한 뒤: 저장 텐서 {after_no_grad:.2f} MiB")
    del eval_log
    print(f"평가 기록을 지운 뒤: 저장 텐서 {meter.mib():.2f} MiB")

with expect_error(RuntimeError, match="already been freed"):
    train_log[0].grad_fn._saved_self  # 역전파가 끝난 노드의 저장본을 읽으려 하면
assert after_train == 0.0 and meter.mib() == 0.0  # markdown-exec: hide
assert round(after_eval, 2) == 2.19  # markdown-exec: hide
assert after_no_grad == after_eval and len(eval_items) == 20  # markdown-exec: hide
assert type(train_log[0].grad_fn).__name__ == "NllLossBackward0"  # markdown-exec: hide
