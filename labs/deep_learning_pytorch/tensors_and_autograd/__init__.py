"""텐서와 autograd: 실습 autograd_bugs, 연습문제 unbroadcast_grad와 strides_and_views."""
