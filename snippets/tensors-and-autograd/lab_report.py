# 실습 모듈을 그대로 불러 세 부분의 보고서를 이번 빌드에서 실행한다.
from labs.deep_learning_pytorch.tensors_and_autograd import autograd_bugs as lab

leak = lab.measure_detach_leak()  # 50 배치
inplace = lab.measure_inplace()
zero_grad_report = lab.measure_zero_grad()  # SGD lr=0.1, 30단계
lab.print_report(leak, inplace, zero_grad_report)

tensor_sum, item_sum, no_grad_sum = leak.runs  # markdown-exec: hide
assert tensor_sum.live_bytes[-1] > 40 * item_sum.live_bytes[-1] > 0 == no_grad_sum.live_bytes[-1]  # markdown-exec: hide
assert inplace.view_normalization.mean_after_inplace != inplace.view_normalization.mean_before  # markdown-exec: hide
assert zero_grad_report.without_zero_grad[-1] > zero_grad_report.with_zero_grad[-1]  # markdown-exec: hide
