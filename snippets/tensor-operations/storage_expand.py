b = torch.tensor([10.0, 20.0, 30.0])  # (3,)
wide = b.expand(4, 3)  # (4, 3): 복사 없이 늘린 뷰
print("stride:", wide.stride(), "| 같은 storage:", wide.data_ptr() == b.data_ptr())
show(storage_figure({"b": b, "b.expand(4, 3)": wide}),
     f"stride {wide.stride()}: 보폭 0인 축은 같은 storage 칸 {b.numel()}개를 {wide.shape[0]}번 "
     "되풀이해 읽습니다. 브로드캐스팅이 복사 없이 늘리는 방법입니다")
assert wide.stride() == (0, 1) and wide.data_ptr() == b.data_ptr()  # markdown-exec: hide
