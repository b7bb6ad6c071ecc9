"""PyTorch 기본: 연습문제 manual_sgd."""
