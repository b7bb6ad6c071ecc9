"""첫걸음: 연습문제 gradient_check."""
