"""The environment part of every unit key, read without importing torch.

Versions come from package metadata, so a build whose outputs are all stored never pays for
``import torch``. The fingerprint holds

- the Python version and implementation;
- the versions of the packages that shape what blocks print: torch, numpy, matplotlib,
  markdown-exec, and the notebook kernel (ipykernel, nbclient);
- the device kind the units run for (``BOOK_DEVICE``, ``cpu`` by default) and whether an
  NVIDIA GPU is visible (``torch.cuda.is_available()`` prints differently there);
- a digest of the dependency pins: the ``[project] dependencies`` of ``pyproject.toml`` and,
  when present, the lock file;
- the environment variables that change what blocks print or how they compute
  (:func:`output_environment`: warnings filters, thread counts, ``TORCH_*``, CUDA and cuBLAS
  settings, time zone and locale, ...), name and value;
- the project files a preloaded module reads before any unit runs (``matplotlibrc``), which
  no unit can record. ``PYTHONHASHSEED`` and ``MPLBACKEND`` are not among them:
  the runner fixes them for every unit.
"""

from __future__ import annotations

import hashlib
import json
import platform
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from bookkit.exec.tracking import file_digest
from bookkit.settings import environment

PACKAGES = ("torch", "numpy", "matplotlib", "markdown-exec", "ipykernel", "nbclient")
LOCK_FILES = ("requirements.lock",)
OUTPUT_ENV_NAMES = ("PYTHONWARNINGS", "PYTHONIOENCODING", "PYTHONUTF8",
                    "CUDA_VISIBLE_DEVICES", "CUBLAS_WORKSPACE_CONFIG", "TZ", "LANG", "LANGUAGE")
OUTPUT_ENV_PREFIXES = ("TORCH_", "PYTORCH_", "OMP_", "MKL_", "OPENBLAS_", "KMP_", "GOMP_",
                       "CUDA_", "CUBLAS_", "CUDNN_", "NVIDIA_TF32", "NUMEXPR_", "NUMPY_",
                       "MATPLOTLIB", "LC_")
# Read by a module the worker server preloads, from the folder the server starts in (the
# project root), before any unit runs: no unit records it, so every key holds it.
PRELOADED_READS = ("matplotlibrc",)


def package_version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def public_version(version: str | None) -> str | None:
    """``2.13.0+cpu`` -> ``2.13.0``: the release, without the local build label."""
    return version.split("+", 1)[0] if version else version


def nvidia_gpu_visible() -> bool:
    gpus = Path("/proc/driver/nvidia/gpus")
    return gpus.is_dir() and any(gpus.iterdir())


def pins_digest(root: Path) -> str:
    """SHA-256 of the declared dependency pins and the lock file, if the project has one."""
    digest = hashlib.sha256()
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
        digest.update(json.dumps(project.get("dependencies", [])).encode())
    for name in LOCK_FILES:
        lock = root / name
        if lock.is_file():
            digest.update(lock.read_bytes())
    return digest.hexdigest()


def output_environment() -> dict[str, str]:
    """The set environment variables that can change a unit's outputs, sorted by name."""
    return {
        name: value for name, value in sorted(environment().items())
        if name in OUTPUT_ENV_NAMES or name.startswith(OUTPUT_ENV_PREFIXES)
    }


def fingerprint(root: Path, device: str = "cpu") -> dict:
    return {
        "env": output_environment(),
        "python": platform.python_version(),
        "implementation": sys.implementation.name,
        "packages": {name: package_version(name) for name in PACKAGES},
        "device": device,
        "nvidia_gpu": nvidia_gpu_visible(),
        "pins": pins_digest(root),
        "preloaded": {name: file_digest(root / name) for name in PRELOADED_READS},
    }
