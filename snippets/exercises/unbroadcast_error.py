from bookkit.show import expect_error

with expect_error(ValueError, match="more dimensions"):
    unbroadcast(torch.ones(2, 3), (2, 1, 3))  # 축이 더 많다
with expect_error(ValueError, match="does not broadcast"):
    unbroadcast(torch.ones(2, 3), (4,))  # 3으로 늘어날 수 없는 크기
with expect_error(RuntimeError, match="is not expandable"):
    torch.ones(2, 3).sum_to_size((4,))  # torch의 sum_to_size는 RuntimeError를 낸다
