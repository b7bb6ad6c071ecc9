# 같은 세 h를 float32와 float64로 나란히 계산한다
rows = []
for step in (1e-2, 1e-4, 1e-6):
    row = []
    for point in (torch.tensor(2.0), torch.tensor(2.0, dtype=torch.float64)):  # float32, float64
        estimate = ((cubic_plus(point + step) - cubic_plus(point - step)) / (2 * step)).item()
        row.append(estimate)
    rows.append(row)
    print(f"h = {step:.0e}: float32 {row[0]:.6f} | float64 {row[1]:.6f} (float64와 14의 차이 {abs(row[1] - 14):.1e})")
assert [f"{r[0]:.6f}" for r in rows] == ["14.000034", "13.990402", "13.351440"]  # markdown-exec: hide
assert [f"{r[1]:.6f}" for r in rows] == ["14.000100", "14.000000", "14.000000"]  # markdown-exec: hide
assert all(abs(r[0] - 14) > 1e-6 for r in rows)  # markdown-exec: hide
assert abs(rows[0][1] - 14) > 1e-6 and abs(abs(rows[0][1] - 14) - 1e-4) < 1e-9  # markdown-exec: hide
assert all(abs(r[1] - 14) < 1e-6 for r in rows[1:])  # markdown-exec: hide
assert 14 < rows[0][0] < rows[0][1]  # float32의 반올림 오차가 근사 오차와 반대 방향  # markdown-exec: hide
