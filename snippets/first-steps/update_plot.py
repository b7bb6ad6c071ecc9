# 이 블록은 그림만 페이지에 싣는다(소스는 표시하지 않음).
import matplotlib.pyplot as plt

from bookkit.plots import show

steps = [0] + [row[0] + 1 for row in history]
x_values = [history[0][1]] + [row[4] for row in history]
loss_values = [value**2 for value in x_values]

fig, ax = plt.subplots()
ax.plot(steps, x_values, marker="o", label="x")
ax.plot(steps, loss_values, marker="s", label="손실 x²")
ax.set_xlabel("갱신 횟수")
ax.set_ylabel("값")
ax.set_title("학습률 0.1로 x² 줄이기")
ax.set_xticks(steps)
ax.grid(alpha=0.3)
ax.legend()
ratios = [x_values[i + 1] / x_values[i] for i in range(5)]
show(fig, f"갱신할 때마다 x는 {ratios[0]:.2g}배가 되고 손실 x²은 {ratios[0] ** 2:.2g}배가 된다: "
          f"{steps[-1]}번 갱신하는 동안 x는 {x_values[0]:g}에서 {x_values[-1]:.3g}까지, "
          f"손실 x²은 {loss_values[0]:g}에서 마지막 x로 계산하면 {x_values[-1] ** 2:.3g}까지 줄었다")
assert all(abs(r - 0.8) < 1e-6 for r in ratios)
