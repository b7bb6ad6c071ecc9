# 실습 모듈을 그대로 불러 세 부분의 보고서를 이번 빌드에서 실행한다.
from labs.deep_learning_pytorch.tensors_and_autograd import autograd_bugs as lab

leak = lab.measure_detach_leak()  # 50 배치
inplace = lab.measure_inplace()
zero_grad_report = lab.measure_zero_grad()  # SGD lr=0.1, 30단계
lab.print_report(leak, inplace, zero_grad_report)
print("측정 환경: torch", torch.__version__, "/ CPU")

tensor_sum, item_sum, no_grad_sum = leak.runs  # markdown-exec: hide
assert leak.n_batches == 50 and zero_grad_report.lr == 0.1 and zero_grad_report.steps == 30  # markdown-exec: hide
assert tensor_sum.live_bytes[-1] == 50 * tensor_sum.live_bytes[0]  # markdown-exec: hide
assert item_sum.live_bytes[-1] == tensor_sum.live_bytes[0]  # markdown-exec: hide
assert abs(inplace.view_normalization.mean_after_inplace) < 5e-4  # markdown-exec: hide
assert f"{inplace.view_normalization.mean_before:.3f}" == "10.060"  # markdown-exec: hide
assert [round(g, 4) for g in inplace.data_gradient.grad_data_mul] == [-0.3049, 0.2486, -1.3416]  # markdown-exec: hide
assert [round(g, 4) for g in inplace.data_gradient.grad_fixed] == [0.47, 0.3932, 0.21]  # markdown-exec: hide
assert inplace.view_normalization.mean_after_new_tensor == inplace.view_normalization.mean_before  # markdown-exec: hide
assert inplace.version_error.version_after == 1  # markdown-exec: hide
assert zero_grad_report.with_zero_grad[0] == zero_grad_report.without_zero_grad[0]  # markdown-exec: hide
assert tensor_sum.live_bytes[-1] > 40 * item_sum.live_bytes[-1] > 0 == no_grad_sum.live_bytes[-1]  # markdown-exec: hide
assert inplace.view_normalization.mean_after_inplace != inplace.view_normalization.mean_before  # markdown-exec: hide
assert zero_grad_report.without_zero_grad[-1] > zero_grad_report.with_zero_grad[-1]  # markdown-exec: hide
