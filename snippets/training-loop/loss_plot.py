import matplotlib.pyplot as plt

from bookkit.plots import show

steps = [step for step, *_ in history]
fig, ax = plt.subplots()
ax.plot(steps, [row[1] for row in history], label="학습 손실 (갱신 전)")
ax.plot(steps, [row[2] for row in history], linestyle="--",
        label="평가 손실 (갱신 후, eval + no_grad)")
ax.axvline(first_perfect, ymax=0.6, color="gray", linewidth=1)
ax.annotate(f"{first_perfect}단계: 5개 모두 맞힘", (first_perfect, 1.0),
            textcoords="offset points", xytext=(6, 0))
ax.set_xlabel("단계")
ax.set_ylabel("교차 엔트로피 손실")
ax.legend()
show(fig, f"텐서 장의 분류기를 SGD(학습률 1.0)로 {len(history)}단계 학습한 손실 곡선: 학습 손실이 "
          f"{history[0][1]:.4f}에서 {history[-1][1]:.4f}까지 줄고, {first_perfect}단계부터 5개를 모두 맞힌다")
