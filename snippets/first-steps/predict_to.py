ones_cpu = torch.ones(3)  # CPU, float32
moved = ones_cpu.to("cpu")
widened = ones_cpu.to(torch.float64)
numbered = ones_cpu.to("cpu:0")
print("to('cpu')의 결과가 원래 텐서 그대로인가:", moved is ones_cpu)
print("to(torch.float64)의 결과가 원래 텐서 그대로인가:", widened is ones_cpu)
print("to('cpu:0')의 결과가 원래 텐서 그대로인가:", numbered is ones_cpu, "| 장치:", numbered.device)
print("장치:", moved.device, widened.device, "/ 자료형:", moved.dtype, widened.dtype)
assert moved is ones_cpu and widened is not ones_cpu  # markdown-exec: hide
assert widened.device.type == "cpu" and widened.dtype == torch.float64  # markdown-exec: hide
assert numbered is not ones_cpu and numbered.device == ones_cpu.device  # markdown-exec: hide
forced = ones_cpu.to("cpu", copy=True)
print("to('cpu', copy=True)의 결과가 원래 텐서 그대로인가:", forced is ones_cpu)
assert forced is not ones_cpu  # markdown-exec: hide
