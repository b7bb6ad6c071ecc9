"""첫걸음: 연습문제 grad_check."""
