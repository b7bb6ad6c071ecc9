# --8<-- [start:seed]
import torch

torch.manual_seed(0)

x = torch.randn(5, 3)
W = torch.randn(3, 2)
b = torch.randn(2)

logits = x @ W + b
probs = torch.softmax(logits, dim=1)

target = torch.tensor([0, 1, 1, 0, 1])
loss_each = -torch.log(probs[torch.arange(5), target])
loss = loss_each.mean()

print("x shape:", x.shape)
print("logits shape:", logits.shape)
print("probs shape:", probs.shape)
print("loss_each shape:", loss_each.shape)
print("loss shape:", loss.shape)
print("loss:", loss)
assert x.shape == (5, 3) and logits.shape == probs.shape == (5, 2)  # markdown-exec: hide
assert loss_each.shape == (5,) and loss.shape == ()  # markdown-exec: hide
assert round(loss.item(), 4) == 2.0207  # markdown-exec: hide
# --8<-- [end:seed]

# --8<-- [start:logits]
print("x (5, 3):", x, sep="\n")
print("W (3, 2):", W, sep="\n")
print("b (2,):", b)
print("logits = x @ W + b (5, 2):", logits, sep="\n")
assert torch.allclose(logits[0], torch.tensor([4.8241, -0.4782]), atol=1e-4)  # markdown-exec: hide
# --8<-- [end:logits]

# --8<-- [start:softmax]
print("probs (5, 2):", probs, sep="\n")
print("dim=1로 더하면(샘플마다):", probs.sum(dim=1))
wrong = torch.softmax(logits, dim=0)  # 클래스가 아니라 샘플 방향으로 나눈 것
print("dim=0 softmax를 dim=1로 더하면:", wrong.sum(dim=1))
assert torch.allclose(probs.sum(dim=1), torch.ones(5))  # markdown-exec: hide
assert torch.allclose(wrong.sum(dim=0), torch.ones(2))  # markdown-exec: hide
assert not torch.allclose(wrong.sum(dim=1), torch.ones(5))  # markdown-exec: hide
# --8<-- [end:softmax]

# --8<-- [start:pick]
import torch.nn.functional as F

rows = torch.arange(5)  # (5,): 0, 1, 2, 3, 4
picked = probs[rows, target]  # (5,): 샘플 i의 정답 클래스 target[i]의 확률
print("target:", target)
print("정답 확률:", picked)
print("loss_each = -log(정답 확률):", loss_each)
print("loss = 평균:", loss)
print("cross_entropy와 같은가:", torch.allclose(loss, F.cross_entropy(logits, target)))
expected_picked = torch.tensor([0.9950, 0.1029, 0.0389, 0.2977, 0.0345])  # markdown-exec: hide
assert torch.allclose(picked, expected_picked, atol=1e-4)  # markdown-exec: hide
expected_each = torch.tensor([0.0050, 2.2736, 3.2463, 1.2116, 3.3672])  # markdown-exec: hide
assert torch.allclose(loss_each, expected_each, atol=1e-4)  # markdown-exec: hide
assert torch.allclose(loss, F.cross_entropy(logits, target))  # markdown-exec: hide
assert loss_each.argmax().item() == 4 and loss_each.argmin().item() == 0  # markdown-exec: hide
# --8<-- [end:pick]

# --8<-- [start:plot]
import matplotlib.pyplot as plt

from bookkit.plots import show

p = torch.linspace(0.01, 1.0, 200)
fig, ax = plt.subplots()
ax.plot(p, -torch.log(p), color="gray", label="-log(p)")
ax.scatter(picked, loss_each, color="tab:red", zorder=3, label="샘플 5개")
label_offsets = {2: (8, -12)}  # 샘플 2와 4는 점이 가까워 이름표를 위아래로 나눕니다
for i in range(5):
    ax.annotate(f"샘플 {i}", (picked[i].item(), loss_each[i].item()),
                textcoords="offset points", xytext=label_offsets.get(i, (6, 4)))
ax.axhline(loss.item(), color="tab:blue", linestyle="--", label=f"평균 손실 {loss.item():.4f}")
ax.set_xlabel("정답 클래스의 확률 p")
ax.set_ylabel("샘플 손실 -log(p)")
ax.legend()
show(fig, f"정답 확률이 낮을수록 손실이 가파르게 커집니다: 샘플 5개의 정답 확률 "
          f"{picked.min().item():.4f}~{picked.max().item():.4f}, 손실 {loss_each.min().item():.4f}~"
          f"{loss_each.max().item():.4f}, 평균 손실 {loss.item():.4f} (torch.manual_seed(0)의 분류기)")
# --8<-- [end:plot]

# --8<-- [start:log-softmax]
log_probs = F.log_softmax(logits, dim=1)  # (5, 2): log(softmax(logits))를 한 번에
print("log_softmax (5, 2):", log_probs, sep="\n")
stable = logits - torch.logsumexp(logits, dim=1, keepdim=True)  # z - log(sum(exp(z)))
print("logits - logsumexp와 같은가:", torch.allclose(log_probs, stable, atol=1e-6))
big = torch.tensor([1000.0, 1000.0])  # 지수가 float32를 넘치는 점수
naive = torch.log(torch.exp(big).sum())  # exp(1000)이 먼저 inf가 됩니다
print("log(sum(exp)):", naive.item(), "| logsumexp:", round(torch.logsumexp(big, dim=0).item(), 4))
nll = F.nll_loss(log_probs, target)  # 정답 자리의 -log p를 골라 평균
library = F.cross_entropy(logits, target)
print("nll_loss(log_softmax):", round(nll.item(), 4), "| cross_entropy:", round(library.item(), 4))
assert torch.allclose(log_probs, stable, atol=1e-6)  # markdown-exec: hide
assert naive.item() == float("inf")  # markdown-exec: hide
assert round(torch.logsumexp(big, dim=0).item(), 4) == 1000.6932  # markdown-exec: hide
assert torch.allclose(log_probs, torch.log(probs), atol=1e-6)  # markdown-exec: hide
assert torch.allclose(-log_probs[rows, target], loss_each, atol=1e-6)  # markdown-exec: hide
assert round(nll.item(), 4) == round(library.item(), 4) == 2.0207  # markdown-exec: hide
# --8<-- [end:log-softmax]

# --8<-- [start:extreme]
far = torch.tensor([[0.0, -200.0]], requires_grad=True)  # (1, 2): 정답 클래스 1의 점수가 아주 낮다
answer = torch.tensor([1])  # (1,)
print("softmax:", torch.softmax(far, dim=1).detach())

by_hand = -torch.log(torch.softmax(far, dim=1)[0, answer]).mean()  # 손으로 쓴 -log(softmax)
by_hand.backward()
print("손으로 쓴 -log(softmax):", by_hand.item(), "| 기울기:", far.grad)
assert by_hand.item() == float("inf") and far.grad.isnan().all()  # markdown-exec: hide

far.grad = None  # 앞의 기울기를 지우고 다시
library = F.cross_entropy(far, answer)
library.backward()
print("F.cross_entropy        :", library.item(), "| 기울기:", far.grad)
assert library.item() == 200.0 and far.grad.tolist() == [[1.0, -1.0]]  # markdown-exec: hide
# --8<-- [end:extreme]

# --8<-- [start:probs-in]
print("점수(logits)를 넘기면:", round(F.cross_entropy(logits, target).item(), 4))
wrong_loss = F.cross_entropy(probs, target)  # 오류 없이 다른 값
print("확률(probs)을 넘기면 :", round(wrong_loss.item(), 4))
far_probs = torch.softmax(far, dim=1).detach()  # [[1, 0]]
print("[0, -200]의 확률을 넘기면:", round(F.cross_entropy(far_probs, answer).item(), 4))
assert round(F.cross_entropy(probs, target).item(), 4) == 0.9838  # markdown-exec: hide
assert round(F.cross_entropy(far_probs, answer).item(), 4) == 1.3133  # markdown-exec: hide
ceiling = torch.log(1 + torch.exp(torch.tensor(1.0)))  # markdown-exec: hide
assert torch.isclose(F.cross_entropy(far_probs, answer), ceiling)  # markdown-exec: hide
# --8<-- [end:probs-in]

# --8<-- [start:grad]
W.requires_grad_()  # 같은 값, 이번에는 기록을 켭니다
b.requires_grad_()

logits = x @ W + b  # (5, 2)
probs = torch.softmax(logits, dim=1)  # (5, 2)
loss_each = -torch.log(probs[torch.arange(5), target])  # (5,)
loss = loss_each.mean()  # ()
print("loss:", loss)
loss.backward()  # 기울기는 각 텐서와 같은 형태로 돌아옵니다
print("W.grad shape:", W.grad.shape, "| b.grad shape:", b.grad.shape)
assert round(loss.item(), 4) == 2.0207  # markdown-exec: hide
assert W.grad.shape == W.shape and b.grad.shape == b.shape  # markdown-exec: hide
chain, node = [], loss.grad_fn  # markdown-exec: hide
while node is not None:  # markdown-exec: hide
    chain.append(node.name())  # markdown-exec: hide
    node = node.next_functions[0][0] if node.next_functions else None  # markdown-exec: hide
expected_chain = ["MeanBackward0", "NegBackward0", "LogBackward0", "IndexBackward0",  # markdown-exec: hide
                  "SoftmaxBackward0", "AddBackward0", "MmBackward0"]  # markdown-exec: hide
assert chain[:7] == expected_chain and not x.requires_grad  # markdown-exec: hide
# --8<-- [end:grad]

# --8<-- [start:graph]
show_graph(loss, {"x": x, "W": W, "b": b}, "loss")
# --8<-- [end:graph]
