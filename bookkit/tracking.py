"""Which project files a unit used while it ran: modules it imported and files it opened.

The worker starts an :class:`InputTracker` before the first block; the notebook kernel starts
one in a hidden first cell. It records

- every module imported after it started whose file lies in the project (``labs/``, page
  helpers in ``bookkit/``, a chapter's own modules);
- every file in the project that was opened for reading, through an audit hook on the
  ``open`` event. A failed attempt counts too: a page that looks for a recording which does
  not exist yet depends on its absence, and runs again once it appears.

Inputs are files of the project. Anything inside the virtual environment, dot-folders
(``.cache``, ``.git``, ...), ``site/``, ``build/``, an ``*.egg-info`` folder or ``__pycache__``
is not, nor a missing file at the top of the project (libraries try stray relative names).
Only the standard library is used, so the recorder runs on machines that have nothing but
Python and torch.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
_IGNORED_TOP = {"site", "build"}


def _environment_dirs() -> list[Path]:
    # Installed packages live under the prefixes (a virtual environment in the project too).
    # sysconfig would say so more exactly, but costs ~50 ms in every worker.
    return [Path(p).resolve() for p in {sys.prefix, sys.base_prefix, sys.exec_prefix} if p]


class InputTracker:
    def __init__(self, root: str | Path) -> None:
        self.root = Path(root).resolve()
        self._opened: set[Path] = set()
        self._modules_before: set[str] = set()
        self._preloaded_files: set[Path] = set()
        self._excluded = [d for d in _environment_dirs() if d.is_relative_to(self.root)]

    def start(self) -> InputTracker:
        self._modules_before = set(sys.modules)
        # Source of modules loaded before the unit (the worker's own machinery) is read for
        # tracebacks and warnings; reading it does not make it an input. Only project files
        # matter, so only those are resolved (torch alone brings over a thousand modules).
        environment = tuple(str(place) for place in self._excluded)
        self._preloaded_files = {
            Path(file).resolve()
            for module in list(sys.modules.values())
            if (file := getattr(module, "__file__", None))
            and file.startswith(str(self.root)) and not file.startswith(environment)
        }
        sys.addaudithook(self._audit)
        return self

    def _audit(self, event: str, args: tuple) -> None:
        if event != "open":
            return
        try:
            path, mode, flags = args
            if isinstance(path, int):
                return
            if isinstance(mode, str):
                if any(c in mode for c in "wax+"):
                    return
            elif isinstance(flags, int) and flags & _WRITE_FLAGS:
                return
            self._opened.add(Path(os.fsdecode(path)))
        except Exception:  # noqa: BLE001  (an audit hook must never break the code it watches)
            return

    def _relative(self, path: Path) -> str | None:
        try:
            resolved = (path if path.is_absolute() else Path.cwd() / path).resolve()
        except OSError:
            return None
        if not resolved.is_relative_to(self.root) or resolved in self._preloaded_files:
            return None
        if any(resolved.is_relative_to(place) for place in self._excluded):
            return None
        parts = resolved.relative_to(self.root).parts
        if not parts or parts[0].startswith(".") or parts[0] in _IGNORED_TOP:
            return None
        if parts[0].endswith(".egg-info") or "__pycache__" in parts or resolved.is_dir():
            return None
        return "/".join(parts)

    def inputs(self) -> dict[str, str | None]:
        """Project files used so far, each with its SHA-256 now (``None``: does not exist)."""
        modules = {
            Path(file)
            for name, module in list(sys.modules.items())
            if name not in self._modules_before and (file := getattr(module, "__file__", None))
        }
        found: dict[str, str | None] = {}
        for path in modules | self._opened:
            relative = self._relative(path)
            if relative is None or relative in found:
                continue
            try:
                found[relative] = hashlib.sha256((self.root / relative).read_bytes()).hexdigest()
            except OSError:
                # A missing file at the top of the project is a stray relative name some
                # library tried, not something a page looks for.
                if path in modules or "/" in relative:
                    found[relative] = None
        return dict(sorted(found.items()))
