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
Beyond files it records what else a block reads (inputs whose names start with ``$``, which no
recorded file can: a project file whose top folder starts with ``$`` is not an input):

- ``$env:NAME``: an environment variable that code of the unit (a block, a cell, a project
  module; not the standard library or installed packages on their own) read, however it asked
  (``os.environ[...]``, ``.get``, ``in``, ``os.getenv``), except the engine's own ``BOOK_*``
  settings;
- ``$dir:PATH``: a project folder it listed (``os.listdir``, ``os.scandir``, so ``glob`` and
  ``Path.iterdir`` too), except the listings the import system makes;
- ``$untracked``: it started a process (``subprocess``, ``os.system``, ``os.fork``,
  ``os.exec*``, ``os.posix_spawn``), which can read anything: the entry never matches again.

It also bounds the unit: more than ``process_limit`` processes raise
:class:`ProcessLimitExceeded`, and writing, removing or creating anything inside the ``guarded``
folders raises :class:`ProjectWriteError`. Either fails the block even if it catches the error.

Only the standard library is used, so the recorder runs on machines that have nothing but
Python and torch.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import sys
from pathlib import Path

from bookkit import settings
from bookkit.settings import environment, live_environment, live_environment_bytes

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
_IGNORED_TOP = {"site", "build"}
ENV_PREFIX = "$env:"
# The engine's own settings (limits, the device, which is in the key's fingerprint) are read
# by bookkit's machinery while a block runs; they are not what the block computes from.
ENGINE_SETTINGS = "BOOK_"
DIR_PREFIX = "$dir:"
ALL_ENV = "*"  # $env:* : the unit read the whole environment (iterated it, or os.environb)
NOT_IN_WHOLE_ENV = (ENGINE_SETTINGS, "PYTEST_")
# Set by the runner in every worker, or for the worker's own folders (bookkit.exec.worker).
RUNNER_SET = {"PYTHONHASHSEED", "MPLBACKEND", "TMPDIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"}
UNTRACKED = "$untracked"
_STDLIB = os.path.dirname(os.__file__) + os.sep
_FIND_LIBRARY = os.path.join(_STDLIB, "ctypes", "util.py")
_LISTING = {"os.listdir", "os.scandir"}
_PROCESS = {"subprocess.Popen", "os.system", "os.posix_spawn", "os.fork", "os.forkpty"}
_CHANGES = {"os.remove", "os.rename", "os.mkdir", "os.rmdir", "os.truncate", "os.symlink",
            "os.link", "os.chmod", "os.utime"}
_PATH_ARGUMENTS = {"os.rename": 2, "os.symlink": 2, "os.link": 2}  # the others name one path


class ProcessLimitExceeded(BaseException):  # noqa: N818  (like OutputLimitExceeded)
    """A unit started more processes than ``BOOK_PROCESS_LIMIT``."""


class ProjectWriteError(PermissionError):
    """A unit tried to change ``docs/``, ``snippets/``, ``labs/`` or the store."""


NOT_REGULAR = "(not a regular file)"


def file_digest(path: Path) -> str | None:
    """SHA-256 of a file's bytes, or ``None`` when it cannot be read (missing, a folder);
    :data:`NOT_REGULAR` for a FIFO, socket or device, which is never read (it could block)."""
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            return None
        if not stat.S_ISREG(mode):
            return NOT_REGULAR
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except (OSError, ValueError):
        return None


def value_digest(text: str | None) -> str | None:
    """How an environment variable's value is recorded: a digest, never the value."""
    return None if text is None else hashlib.sha256(text.encode("utf-8", "surrogateescape")
                                                    ).hexdigest()


def listing_digest(folder: Path, top: bool = False) -> str | None:
    """SHA-256 of a folder's sorted entry names, or ``None`` when it is not a folder.

    Names that are never inputs are left out, so build artefacts appearing beside the book do
    not make a listing stale: dot-entries and ``__pycache__`` anywhere, and at the top of the
    project (``top``) ``site``, ``build``, ``workspace`` and ``*.egg-info``.
    """
    try:
        names = sorted(
            name
            for name in os.listdir(folder)
            if not name.startswith(".")
            and name != "__pycache__"
            and not (top and (name in _IGNORED_TOP | {"workspace"} or name.endswith(".egg-info")))
        )
    except OSError:
        return None
    return hashlib.sha256("\n".join(names).encode("utf-8", "surrogateescape")).hexdigest()


def _watch_environ(tracker: InputTracker) -> None:
    """Make ``os.environ`` (the one object every reader shares) tell ``tracker`` each read."""
    environ = live_environment()
    base = type(environ)
    if getattr(base, "_book_watched", False):
        base = base.__mro__[1]

    class WatchedEnviron(base):
        _book_watched = True

        def __getitem__(self, key):
            tracker._read_env(key)
            return base.__getitem__(self, key)

        def __contains__(self, key):
            tracker._read_env(key)
            return base.__contains__(self, key)

        def __iter__(self):  # keys(), items(), copy(), dict(...): the whole environment
            tracker._read_env(ALL_ENV)
            return base.__iter__(self)

        def __len__(self):
            tracker._read_env(ALL_ENV)
            return base.__len__(self)

    view = live_environment_bytes()
    if view is None:
        environ.__class__ = WatchedEnviron
        return

    class WatchedBytes(type(view)):  # any read of the bytes view reads it all
        def __getitem__(self, key):
            tracker._read_env(ALL_ENV)
            return super().__getitem__(key)

        def __iter__(self):
            tracker._read_env(ALL_ENV)
            return super().__iter__()

        def __len__(self):
            tracker._read_env(ALL_ENV)
            return super().__len__()

    environ.__class__ = WatchedEnviron
    if not getattr(type(view), "_book_watched", False):
        WatchedBytes._book_watched = True
        view.__class__ = WatchedBytes


def environment_digest(values: dict[str, str]) -> str:
    """``$env:*``: the whole environment but what never changes an output: the engine's own
    settings, what the runner sets for every unit and pytest's per-test bookkeeping."""
    kept = sorted((name, value) for name, value in values.items()
                  if not name.startswith(NOT_IN_WHOLE_ENV) and name not in RUNNER_SET)
    return hashlib.sha256(repr(kept).encode("utf-8", "surrogateescape")).hexdigest()


def _watch_reads(tracker: InputTracker) -> None:
    """Reads that raise no ``open`` audit event: ``os.stat``/``os.lstat`` (so ``exists``,
    ``is_file``, ``Path.stat``), ``torch.from_file`` and ``numpy.fromfile`` tell ``tracker``
    the path. The worker is a process of its own: nothing else sees the wrappers."""

    def watched(function, argument=0):
        def wrapper(*args, **kwargs):
            if len(args) > argument:
                tracker.read_path(args[argument])
            return function(*args, **kwargs)

        wrapper.__wrapped__ = function
        return wrapper

    os.stat, os.lstat = watched(os.stat), watched(os.lstat)
    for module, name in (("torch", "from_file"), ("numpy", "fromfile")):
        loaded = sys.modules.get(module)
        if loaded is not None and hasattr(loaded, name):
            setattr(loaded, name, watched(getattr(loaded, name)))


def _environment_dirs() -> list[Path]:
    # Installed packages live under the prefixes (a virtual environment in the project too).
    # sysconfig would say so more exactly, but costs ~50 ms in every worker.
    # Both spellings: a symlinked .venv names its modules by the link, not by the target.
    prefixes = {sys.prefix, sys.base_prefix, sys.exec_prefix} - {""}
    return sorted({Path(p) for p in prefixes} | {Path(p).resolve() for p in prefixes})


class InputTracker:
    def __init__(
        self, root: str | Path, *, guarded: list[str] = (), process_limit: int = 0,
        environ: dict[str, str] | None = None,
    ) -> None:
        self.root = Path(root).resolve()
        # The build's environment, which lookups compare with (the worker adds its folders).
        self._environ = environ if environ is not None else environment()
        self._opened: set[Path] = set()
        self._modules_before: set[str] = set()
        self._preloaded_files: set[Path] = set()
        self._excluded = [d for d in _environment_dirs() if d.is_relative_to(self.root)]
        self._libraries = tuple(str(d) + os.sep for d in _environment_dirs())
        self._machinery: set[str] = set()
        self._env: set[str] = set()
        self._listed: set[Path] = set()
        self._scratch: Path | None = None
        self._guarded = [Path(folder).resolve() for folder in guarded]
        self._process_limit = process_limit
        self._processes = 0
        self.untracked: list[str] = []
        self.violation: str | None = None  # the first limit a block broke, even if caught
        self.block = "a cell"  # how messages name the code running now

    def start(self) -> InputTracker:
        self._modules_before = set(sys.modules)
        # Source of modules loaded before the unit (the worker's own machinery) is read for
        # tracebacks and warnings; reading it does not make it an input. Only project files
        # matter, so only those are resolved (torch alone brings over a thousand modules).
        environment = tuple(str(place) for place in self._excluded)
        root = str(self.root)
        project = [
            file for module in list(sys.modules.values())
            if (file := getattr(module, "__file__", None)) and file.startswith(root)
        ]
        self._preloaded_files = {
            Path(file).resolve() for file in project if not file.startswith(environment)
        }
        # Code already loaded is the machinery: what it reads is not the unit's input.
        self._machinery = {*project, __file__, settings.__file__}
        cwd = Path.cwd().resolve()
        self._scratch = cwd if cwd != self.root else None
        self._root_text = str(self.root)
        self._scratch_text = str(cwd)
        _watch_environ(self)
        _watch_reads(self)
        sys.addaudithook(self._audit)
        return self

    def _origin(self) -> str | None:
        """The file of the unit's code behind this event; None for the import system, the
        bookkit machinery, or installed packages acting on their own."""
        frame = sys._getframe(2)
        while frame is not None:
            name = frame.f_code.co_filename
            if name.startswith("<frozen importlib"):
                return None
            if name == __file__ or name.startswith("<frozen") or (
                name.startswith(_STDLIB) and "-packages" not in name
            ):
                frame = frame.f_back
                continue
            if name in self._machinery or name.startswith(self._libraries):
                return None
            return name
        return None

    def _read_env(self, key) -> None:
        try:
            if (
                isinstance(key, str)
                and not key.startswith(ENGINE_SETTINGS)
                and key not in self._env
                and self._origin() is not None
            ):
                self._env.add(key)
        except Exception:  # noqa: BLE001, S110  (never break the code it watches)
            pass

    def _audit(self, event: str, args: tuple) -> None:
        if event == "open":
            try:
                path, mode, flags = args
                if isinstance(path, int):
                    return
                if isinstance(mode, str):
                    if any(c in mode for c in "wax+"):
                        self._guard(path)
                        return
                elif isinstance(flags, int) and flags & _WRITE_FLAGS:
                    self._guard(path)
                    return
                self._opened.add(Path(os.path.abspath(os.fsdecode(path))))  # cwd now
            except ProjectWriteError:
                raise
            except Exception:  # noqa: BLE001  (an audit hook must never break the code it watches)
                return
        elif event in _CHANGES:
            paths = _PATH_ARGUMENTS.get(event, 1)
            for path in args[:paths]:
                self._guard(path)
        elif event in _LISTING:
            self._list(args[0] if args else None)
        elif event == "mmap.__new__":
            self._mapped(args[0] if args else -1)
        elif event in _PROCESS or event == "os.exec":
            self._process(event, args)

    def _mapped(self, fileno) -> None:
        """A file mapped by descriptor (``mmap``) is read: its path, from ``/proc``."""
        try:
            if isinstance(fileno, int) and fileno >= 0:
                self._opened.add(Path(os.readlink(f"/proc/self/fd/{fileno}")))
        except OSError:
            pass

    def read_path(self, path) -> None:
        """A path the unit's code looked at (``stat``, ``exists``) or read without an ``open``
        audit event (``torch.from_file``, ``numpy.fromfile``): an input like an opened file."""
        try:
            if isinstance(path, int) or path is None:
                return
            name = os.path.abspath(os.fsdecode(path))
            if name.startswith((self._root_text, self._scratch_text)) \
                    and self._origin() is not None:
                self._opened.add(Path(name))
        except Exception:  # noqa: BLE001, S110  (never break the code it watches)
            pass

    def _resolved(self, path) -> Path | None:
        try:
            if path is None or isinstance(path, int):
                return None
            return Path(os.path.realpath(os.fsdecode(path)))
        except (TypeError, ValueError, OSError):
            return None

    def _guard(self, path) -> None:
        if not self._guarded:
            return
        resolved = self._resolved(path)
        if resolved is None or not any(resolved.is_relative_to(g) for g in self._guarded):
            return
        self.violation = self.violation or (
            f"{self.block}: writes into the project's docs/, snippets/, labs/ and the store are "
            f"not allowed (tried to change {resolved})"
        )
        raise ProjectWriteError(errno.EACCES, self.violation)

    def _list(self, path) -> None:
        try:
            resolved = self._resolved("." if path is None else path)
            if resolved is None or self._origin() is None:
                return
            if self._scratch is not None and resolved == self._scratch:
                resolved = self.root  # the scratch folder shows the project's top level
            self._listed.add(resolved)
        except Exception:  # noqa: BLE001, S110  (never break the code it watches)
            pass

    def _process(self, event: str, args: tuple) -> None:
        if event == "os.posix_spawn" and sys._getframe(2).f_code.co_filename.endswith(
            "subprocess.py"
        ):
            return  # a Popen, counted already
        if self._library_lookup():
            return  # ctypes.util.find_library asks ldconfig: system libraries, no project file
        if event != "os.exec":
            self._processes += 1
        try:
            what = " ".join(map(str, args[1] if event in ("subprocess.Popen", "os.posix_spawn",
                                                          "os.exec") else args))
        except Exception:  # noqa: BLE001
            what = ""
        if len(self.untracked) < 3:
            self.untracked.append(f"{self.block}: {event}({what[:120]})")
        if self._process_limit and self._processes > self._process_limit:
            self.violation = self.violation or (
                f"{self.block}: the unit started more than {self._process_limit} processes "
                "(BOOK_PROCESS_LIMIT)"
            )
            raise ProcessLimitExceeded(self.violation)

    def _library_lookup(self) -> bool:
        """Whether the process being started is the standard library's ``find_library``'s."""
        frame = sys._getframe(3)
        while frame is not None:
            if frame.f_code.co_filename == _FIND_LIBRARY:
                return True
            frame = frame.f_back
        return False

    def _relative(self, path: Path, folders: bool = False) -> str | None:
        try:
            resolved = (path if path.is_absolute() else Path.cwd() / path).resolve()
        except OSError:
            return None
        if self._scratch is not None and resolved.is_relative_to(self._scratch):
            # the scratch folder stands for the project's top level (it links to its entries)
            resolved = self.root / resolved.relative_to(self._scratch)
        if not resolved.is_relative_to(self.root) or resolved in self._preloaded_files:
            return None
        if any(resolved.is_relative_to(place) for place in self._excluded):
            return None
        parts = resolved.relative_to(self.root).parts
        if not parts or parts[0].startswith((".", "$")) or parts[0] in _IGNORED_TOP:
            return None
        if parts[0].endswith(".egg-info") or "__pycache__" in parts or (
            resolved.is_dir() and not folders
        ):
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
            digest = file_digest(self.root / relative)
            # A missing file at the top of the project is a stray relative name some library
            # tried, not something a page looks for.
            if digest is not None or path in modules or "/" in relative:
                found[relative] = digest
        for name in sorted(self._env):
            found[ENV_PREFIX + name] = (
                environment_digest(self._environ) if name == ALL_ENV
                else value_digest(self._environ.get(name)))
        for folder in self._listed:
            if folder == self.root:
                found[DIR_PREFIX + "."] = listing_digest(folder, top=True)
            elif (relative := self._relative(folder, folders=True)) is not None:
                found[DIR_PREFIX + relative] = listing_digest(self.root / relative)
        if self.untracked:
            found[UNTRACKED] = "not reusable: " + "; ".join(self.untracked)
        return dict(sorted(found.items()))
