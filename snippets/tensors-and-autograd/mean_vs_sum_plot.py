import matplotlib.pyplot as plt

from bookkit.plots import show

fig, ax = plt.subplots()
ax.loglog(batch_sizes, [abs(g) for g in sum_grads], marker="o", label="sum: 배치 크기에 비례")
ax.loglog(batch_sizes, [abs(g) for g in mean_grads], marker="s", label="mean: 거의 일정")
ax.set_xlabel("배치 크기 (로그 눈금)")
ax.set_ylabel("b 기울기의 크기 (로그 눈금)")
ax.legend()
show(fig, "손실을 합하면 기울기가 배치 크기만큼 커지고, 평균하면 크기가 유지된다")
