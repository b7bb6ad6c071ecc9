print(x.sum())
