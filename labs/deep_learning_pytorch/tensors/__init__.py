"""텐서: 연습문제 nchw_and_gather."""
