"""Device-dependent outputs: store entries for another device, committed under ``recordings/``.

Some outputs depend on the machine: matmul timings, ``x.device`` on a GPU, the mixed-device
error, CUDA memory figures. The build runs on CPUs, so such code lives in a snippet whose first
line is ``# bookkit: recorded`` and is *recorded* on each device by the same runner the build
uses (:mod:`bookkit.exec.runner`), pointed at that device::

    python -m bookkit.recordings record --device cpu     # python3 scripts/dev.py record
    python -m bookkit.recordings record --device cuda    # on a GPU machine
    python -m bookkit.recordings check                   # part of the test command

A recording is ``recordings/<snippet path without .py>/<device>.json``: readable JSON with the
output, the raw numbers the snippet left in ``recorded_data``, its key and its provenance
(device, torch, Python, CUDA and driver, CPU, date, duration).

Its key is the snippet, the project modules it imported while it ran (page helpers such as
:mod:`bookkit.device`), the torch release and the device kind, and nothing of the machinery:
editing bookkit's build or recorder code stales no recording. Editing the snippet or a module
it imports does; so does a different torch release, after which the page says which version
made the recording.

The package is split by job: :mod:`.store` (the files: paths, reading, validation as data,
freshness), :mod:`.record` (running a snippet on a device), :mod:`.render` (the content tabs a
page shows) and :mod:`.cli` (the command line). Only the standard library is imported outside
the worker, so recordings are validated, and recorded on a GPU machine, with a bare Python
that has torch and nothing of this project's environment.
"""

MARKER = "# bookkit: recorded"
MEASUREMENT_MARKER = "# bookkit: measurement"  # its output changes each time it is recorded
REQUIRED_DEVICES = ("cpu",)  # a CUDA recording needs a GPU machine; its absence is reported
DEVICE_LABELS = {"cpu": "CPU", "cuda": "CUDA GPU"}
DATA_VARIABLE = "recorded_data"
