# 기록한 값을 마크다운 표로 출력한다.
print("| 단계 | 갱신 전 x | 손실 x² | 기울기 2x | 갱신 후 x |")
print("| ---: | ---: | ---: | ---: | ---: |")
for step, x_before, loss_value, grad, x_after in history:
    print(f"| {step} | {x_before:.4f} | {loss_value:.4f} | {grad:.4f} | {x_after:.4f} |")
