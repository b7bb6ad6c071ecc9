import matplotlib.pyplot as plt

from bookkit.plots import show

fig, ax = plt.subplots()
ax.loglog(batch_sizes, [abs(g) for g in sum_grads], marker="o", label="sum: 배치 크기에 비례")
ax.loglog(batch_sizes, [abs(g) for g in mean_grads], marker="s", label="mean: 거의 일정")
ax.set_xlabel("배치 크기 (로그 눈금)")
ax.set_ylabel("b 기울기의 크기 (로그 눈금)")
ax.legend()
show(fig, f"배치 크기가 {batch_sizes[0]}에서 {batch_sizes[-1]}까지 커지는 동안 합한 손실의 기울기 크기는 "
          f"{abs(sum_grads[0]):.3g}에서 {abs(sum_grads[-1]):.4g}까지 커지고, 평균한 손실의 기울기 크기는 "
          f"{min(map(abs, mean_grads)):.3g}~{max(map(abs, mean_grads)):.3g}에 머문다")
