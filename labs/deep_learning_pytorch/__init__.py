"""딥러닝과 PyTorch 실습."""
