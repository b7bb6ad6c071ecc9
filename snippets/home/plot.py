import matplotlib.pyplot as plt

from bookkit.plots import show

fig, ax = plt.subplots()
ax.plot([1, 2, 3], [4, 8, 12], marker="o")
ax.set_xlabel("backward 호출 횟수")
show(fig, "기울기 누적")
