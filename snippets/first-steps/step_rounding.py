from fractions import Fraction

spacing = (torch.nextafter(at, torch.tensor(3.0)) - at).item()
print(f"2에서 바로 위 float32까지: {spacing:.4g}")
assert abs(spacing - 2.4e-7) < 0.05e-7  # markdown-exec: hide
assert (at - torch.nextafter(at, torch.tensor(0.0))).item() == spacing / 2  # markdown-exec: hide
wide = torch.nextafter(at, torch.tensor(3.0, dtype=torch.float64))  # markdown-exec: hide
assert wide.dtype == torch.float64 and (wide - at).item() < spacing  # b가 float64면 float64의 간격  # markdown-exec: hide
step = 1e-6
high, low = at + step, at - step  # float32로 반올림된 두 점
real_step = (high - low).item()
difference = (cubic_plus(high) - cubic_plus(low)).item()
print(f"식에 적은 간격 2h: {2 * step:.4g}")
print(f"반올림된 두 점의 간격: {real_step:.4g}")
print(f"차이 / 2h: {difference / (2 * step):.6f}")
print(f"차이 / 실제 간격: {difference / real_step:.6f}")
assert f"{real_step:.4g}" == "1.907e-06"  # markdown-exec: hide
assert f"{difference / real_step:.6f}" == "14.000000"  # markdown-exec: hide
assert f"{difference / (2 * step):.6f}" == "13.351440"  # markdown-exec: hide


def rounding_error(point):
    """float32로 계산한 f(point)에서 분수로 정확히 계산한 f(point)를 뺀 값."""
    exact = Fraction(point.item()) ** 3 + 2 * Fraction(point.item())
    return float(Fraction(cubic_plus(point).item()) - exact)


errors_at_2 = [rounding_error(high), rounding_error(low)]
spacing_12 = (torch.nextafter(torch.tensor(12.0), torch.tensor(13.0)) - 12).item()
print(f"x = 2에서 두 f 값의 반올림 오차: {errors_at_2[0]:.3e}, {errors_at_2[1]:.3e}")
print(f"12 바로 위 float32까지: {spacing_12:.4g}")
assert all(-5.5e-12 < error < -5.4e-12 for error in errors_at_2)  # markdown-exec: hide
assert f"{spacing_12:.1e}" == "9.5e-07"  # markdown-exec: hide
assert all(spacing_12 / abs(error) > 1e5 for error in errors_at_2)  # markdown-exec: hide

# x = 1.5에서 같은 계산: 실제 간격으로 나눠도 참값 8.75와 다르다
at_other = torch.tensor(1.5)
high, low = at_other + step, at_other - step
other = (cubic_plus(high) - cubic_plus(low)).item() / (high - low).item()
print(f"x = 1.5에서 차이 / 실제 간격: {other:.6f} (참값 8.75)")
errors_at_1_5 = [rounding_error(high), rounding_error(low)]
print(f"x = 1.5에서 두 f 값의 반올림 오차: {errors_at_1_5[0]:.3e}, {errors_at_1_5[1]:.3e}")
assert all(2.3e-7 < abs(error) < 2.4e-7 for error in errors_at_1_5)  # markdown-exec: hide
assert errors_at_1_5[0] > 0 > errors_at_1_5[1]  # markdown-exec: hide
assert f"{other:.6f}" == "9.000000"  # markdown-exec: hide
