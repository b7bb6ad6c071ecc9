#!/usr/bin/env bash
# Record every recorded snippet on this machine's CUDA GPU, with the machine's own python3.
#
# Made for a GPU machine that has Python with torch (and numpy, matplotlib) but not this
# project's environment and no network: the recorder needs the standard library and torch
# only. Run from anywhere; the recordings are written to OUT_DIR (default: gpu-recordings) as
# <snippet path>/<device>.json, validated as data, and then copied into recordings/ by hand.
#
#   scripts/record_gpu.sh [OUT_DIR]           # on the GPU machine
#   DEVICE=cpu scripts/record_gpu.sh /tmp/x   # the same run on a CPU, as a dry run
set -euo pipefail
cd "$(dirname "$0")/.."
device="${DEVICE:-cuda}"
out="${1:-gpu-recordings}"

python3 - "$device" <<'PY'
import platform, sys
import torch
device = sys.argv[1]
print(f"python {platform.python_version()}, torch {torch.__version__}, cuda {torch.version.cuda}")
if device == "cuda":
    if not torch.cuda.is_available():
        sys.exit("no CUDA device visible to torch")
    print("gpu:", torch.cuda.get_device_name(0))
PY
if [ "$device" = cuda ] && command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
fi

export PYTHONUNBUFFERED=1
python3 -m bookkit.recordings record --device "$device" --out "$out"
python3 -m bookkit.recordings validate "$out" --require "$device"
