# bookkit: recorded
import torch

from bookkit.device import recording_device

device = recording_device()
MIB = 1024**2

if device.type == "cuda":
    torch.cuda.synchronize()
    before = torch.cuda.memory_allocated(device)

x = torch.zeros(1000, 1000, device=device)  # (1000, 1000) float32
nbytes = x.element_size() * x.nelement()
print("텐서가 담은 값의 크기:", nbytes, "바이트")
assert nbytes == 4_000_000  # markdown-exec: hide
recorded_data = {"nbytes": nbytes}

if device.type == "cuda":
    allocated = torch.cuda.memory_allocated(device) - before
    reserved = torch.cuda.memory_reserved(device)
    del x  # 텐서를 지워도 캐시 할당자는 메모리를 운영체제에 돌려주지 않는다
    after_del = torch.cuda.memory_allocated(device) - before
    free, total = torch.cuda.mem_get_info(device)
    print("할당이 늘어난 양:", allocated, "바이트")
    print(f"캐시 할당자가 잡아 둔 메모리: {reserved / MIB:.1f} MiB")
    print("del x 뒤 할당 증가분:", after_del, "바이트")
    print(f"del x 뒤에도 잡아 둔 메모리: {torch.cuda.memory_reserved(device) / MIB:.1f} MiB")
    print(f"GPU 전체 메모리: {total / 1024**3:.1f} GiB, 지금 비어 있는 양: {free / 1024**3:.1f} GiB")
    assert allocated >= nbytes and after_del == 0  # markdown-exec: hide
    recorded_data |= {"allocated": allocated, "reserved": reserved, "total": total}
else:
    print("CPU 텐서는 torch.cuda의 메모리 통계에 잡히지 않는다.")
    print("x.is_cuda:", x.is_cuda)
