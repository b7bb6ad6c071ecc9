"""What keeps a unit inside its own processes, and the per-unit limits.

Standard library only: the forkserver, the workers and notebook kernels import it. Everything
here is enforced by the kernel, so code of the unit cannot undo it:

- :func:`confine` (Linux Landlock, kernel 5.13 or newer): the worker confines itself before any
  block runs. Everything is readable; files may be written, made or removed only in the unit's
  scratch folder (its temporary folder is inside it) and under ``/dev`` (``/dev/null``, and
  ``/dev/shm`` for shared memory); no TCP ``bind``/``connect`` (Landlock ABI 4); no signal to a
  process outside the unit and no abstract Unix socket outside it (ABI 6). The domain is
  inherited by every process the unit starts and cannot be left or widened. What a kernel's
  ABI cannot enforce is named by :func:`landlock_gaps`, which the build logs once.
  :func:`confine_reading` is the tighter layer an exercise check runs an answer under: it may
  read only the files it is given (the standard library, the answer), and write nothing.
- :func:`limit_memory`: ``RLIMIT_DATA`` set as soft *and* hard limit, and
  :func:`drop_capabilities` (a worker run as root too), so the unit cannot raise it. Shared
  mappings (``mmap`` of a file or ``MAP_SHARED``) are not counted by it; ``RLIMIT_AS`` would
  count them, but also the address space glibc reserves per thread arena and CUDA per
  process, which grows with the machine's cores, so only a cgroup (not used here) could
  stop them at allocation.
- :func:`usage` and :func:`over_limits`: the build's own look, from ``/proc``, at a running
  unit: its live processes however started and the memory of all of them, shared mappings
  included. The parent looks every 0.1 s and ends a unit over a limit; code of the unit cannot
  change what the kernel reports. It catches, it does not prevent: for 0.1 s a unit may hold
  more.
- :func:`die_with_parent`: ``prctl(PR_SET_PDEATHSIG, SIGKILL)``: the process is killed as soon
  as its parent ends, so a build that is killed (even with SIGKILL) leaves no forkserver,
  worker or kernel behind.
- :func:`become_subreaper` and :func:`kill_tree`: a worker is a child subreaper, so every
  process its unit starts stays in its subtree even after its own parent ends, whatever its
  session or group; at unit end the build stops the worker, kills its whole subtree and then
  the worker. A process whose worker ended first is adopted by the build (itself a subreaper)
  and killed by :func:`kill_adopted`.

Elsewhere (macOS, an old kernel) none of this is available; :func:`landlock_gaps` says so.
"""

from __future__ import annotations

import ctypes
import dataclasses
import os
import signal
import stat
import sys
import time
from dataclasses import dataclass

from bookkit.exec.jobs import Failure

_PR_SET_PDEATHSIG = 1
_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_CHILD_SUBREAPER = 36
_PR_CAPBSET_DROP = 24
_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL = 47, 4
_CAPSET = {"x86_64": 126, "aarch64": 91}
_CAPABILITY_VERSION_3 = 0x20080522
# Landlock's system calls have the same numbers on every Linux architecture.
_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1
_READ = (1 << 0) | (1 << 2) | (1 << 3)  # EXECUTE, READ_FILE, READ_DIR
# Every file system right of each ABI (1: bits 0-12, 2: REFER, 3: TRUNCATE, 5: IOCTL_DEV).
_FS_RIGHTS = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 4: (1 << 15) - 1,
              5: (1 << 16) - 1}
# The rights that apply to a file (not a folder): EXECUTE, WRITE_FILE, READ_FILE, TRUNCATE,
# IOCTL_DEV.
_FILE_RIGHTS = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 14) | (1 << 15)
_NET_TCP = (1 << 0) | (1 << 1)  # BIND_TCP, CONNECT_TCP (ABI 4)
_SCOPES = (1 << 0) | (1 << 1)  # ABSTRACT_UNIX_SOCKET, SIGNAL (ABI 6)
_DEVICES = "/dev"


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _libc():
    return ctypes.CDLL(None, use_errno=True)


def landlock_abi() -> int:
    """The Landlock ABI this kernel offers; 0 where there is none (or not Linux)."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        abi = _libc().syscall(_CREATE_RULESET, None, ctypes.c_size_t(0),
                              ctypes.c_uint32(_CREATE_RULESET_VERSION))
    except (OSError, AttributeError):  # pragma: no cover
        return 0
    return max(abi, 0)


def landlock_gaps(abi: int | None = None) -> list[str]:
    """What :func:`confine` cannot enforce with this kernel's Landlock ABI, in words."""
    abi = landlock_abi() if abi is None else abi
    if abi < 1:
        return ["no Landlock (Linux 5.13 or newer): a unit may write anywhere its user may, "
                "open network connections and signal other processes"]
    gaps = []
    if abi < 4:
        gaps.append(f"Landlock ABI {abi} < 4: TCP connections are not blocked")
    if abi < 6:
        gaps.append(f"Landlock ABI {abi} < 6: signals to other processes are not blocked")
    return gaps


def confine(writable: list[str], *, network: bool = False) -> int:
    """Landlock this process (and all it will start): read everything, write only under
    ``writable`` and ``/dev``; no TCP unless ``network``; no signals out. The ABI used (0:
    nothing could be enforced here)."""
    return _restrict([("/", _READ), (_DEVICES, None), *((folder, None) for folder in writable)],
                     network=network)


def confine_reading(readable: list[str]) -> int:
    """Landlock this process (and all it will start) tighter than :func:`confine`: read and
    execute only the files and folders in ``readable`` (a folder with all below it), write
    nothing (files already open stay usable), no TCP, no signals out. The ABI used (0:
    nothing could be enforced here)."""
    return _restrict([(path, _READ) for path in readable], network=False)


def _restrict(rules: list[tuple[str, int | None]], *, network: bool) -> int:
    """One Landlock layer handling every file system right: each ``(path, rights)`` allows
    those rights under ``path`` (None: all of them)."""
    abi = landlock_abi()
    if abi < 1:
        return 0
    fs = _FS_RIGHTS[min(abi, 5)]
    attr = _RulesetAttr(fs, 0 if network or abi < 4 else _NET_TCP, _SCOPES if abi >= 6 else 0)
    size = 8 if abi < 4 else 16 if abi < 6 else 24
    libc = _libc()
    ruleset = libc.syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size),
                           ctypes.c_uint32(0))
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")
    try:
        for path, rights in rules:
            _allow(libc, ruleset, path, fs if rights is None else rights)
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
        if libc.syscall(_RESTRICT_SELF, ruleset, ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
    finally:
        os.close(ruleset)
    return abi


def forbid_network() -> bool:
    """One more Landlock layer: no TCP ``bind``/``connect`` (sockets open now keep working).
    A notebook kernel calls it once its own sockets are bound. Whether it could."""
    if landlock_abi() < 4:
        return False
    attr = _RulesetAttr(0, _NET_TCP, 0)
    libc = _libc()
    ruleset = libc.syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(16),
                           ctypes.c_uint32(0))
    if ruleset < 0:
        return False
    try:
        libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
        return libc.syscall(_RESTRICT_SELF, ruleset, ctypes.c_uint32(0)) == 0
    finally:
        os.close(ruleset)


def _allow(libc, ruleset: int, folder: str, rights: int) -> None:
    try:
        fd = os.open(folder, os.O_PATH | os.O_CLOEXEC)
    except FileNotFoundError:
        return
    try:
        if not stat.S_ISDIR(os.fstat(fd).st_mode):  # a file takes only the rights files have
            rights &= _FILE_RIGHTS
        rule = _PathBeneathAttr(rights, fd)
        if libc.syscall(_ADD_RULE, ruleset, _RULE_PATH_BENEATH, ctypes.byref(rule),
                        ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), f"landlock_add_rule failed for {folder}")
    finally:
        os.close(fd)


def drop_capabilities() -> bool:
    """Give up every capability for good (root's too): the bounding set, the ambient set, and
    the effective, permitted and inheritable sets. Without CAP_SYS_RESOURCE a hard limit
    cannot be raised again, without CAP_DAC_OVERRIDE file modes hold. Whether it could."""
    number = _CAPSET.get(os.uname().machine) if sys.platform.startswith("linux") else None
    if number is None:
        return False
    libc = _libc()
    for capability in range(64):
        if libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            break  # past the last capability this kernel knows (or none may be dropped)
    libc.prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    header = (ctypes.c_uint32 * 2)(_CAPABILITY_VERSION_3, 0)
    data = (ctypes.c_uint32 * 6)()  # two zeroed {effective, permitted, inheritable}
    return libc.syscall(number, ctypes.byref(header), ctypes.byref(data)) == 0


def become_subreaper() -> None:
    """Orphaned descendants of this process are re-parented to it, not to init."""
    if sys.platform.startswith("linux"):
        _libc().prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def _processes() -> dict[int, tuple[int, int, str]]:
    """Every live process: pid -> (parent pid, session id, state)."""
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as handle:
                fields = handle.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        found[int(name)] = (int(fields[1]), int(fields[3]), fields[0].decode())
    return found


def _descendants(pid: int, table: dict[int, tuple[int, int, str]]) -> list[int]:
    children: dict[int, list[int]] = {}
    for child, (parent, _, _) in table.items():
        children.setdefault(parent, []).append(child)
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def kill_tree(pid: int, rounds: int = 50) -> None:
    """Stop ``pid``, kill every live process below it (again while new ones appear), then
    ``pid`` itself. A subreaper's subtree holds everything its unit started."""
    if not sys.platform.startswith("linux"):
        return
    try:
        os.kill(pid, signal.SIGSTOP)
    except ProcessLookupError:
        return
    for _ in range(rounds):
        table = _processes()
        live = [child for child in _descendants(pid, table) if table[child][2] != "Z"]
        if not live:
            break
        for child in live:
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.005)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


@dataclass(frozen=True)
class Usage:
    """What a process and everything below it hold now, as the kernel counts it."""

    processes: int  # live processes below it (not itself, not threads)
    memory: int  # bytes resident: anonymous and shared memory, itself and below


def _children(pid: int) -> list[int] | None:
    """The children of ``pid`` from ``/proc/PID/task/*/children``; None where the kernel has
    no such file (built without CONFIG_PROC_CHILDREN)."""
    found = []
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    for thread in threads:
        try:
            with open(f"/proc/{pid}/task/{thread}/children", "rb") as handle:
                found.extend(int(child) for child in handle.read().split())
        except FileNotFoundError:
            if not os.path.exists(f"/proc/{pid}/task/{thread}"):
                continue  # the thread ended meanwhile
            return None
        except OSError:
            continue
    return found


def _resident(pid: int) -> tuple[int, bool]:
    """Anonymous plus shared resident bytes of ``pid``, and whether it is a zombie."""
    anonymous = shared = 0
    zombie = False
    try:
        with open(f"/proc/{pid}/status", "rb") as handle:
            for line in handle:
                if line.startswith(b"State:"):
                    zombie = line.split()[1] == b"Z"
                elif line.startswith(b"RssAnon:"):
                    anonymous = int(line.split()[1]) * 1024
                elif line.startswith(b"RssShmem:"):
                    shared = int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return 0, True
    return anonymous + shared, zombie


def usage(pid: int) -> Usage:
    """Count the live processes below ``pid`` and the memory of its whole subtree, however
    they were started (a shell, ``ctypes`` ``fork``, a new session): the parent's view, which
    code in the subtree cannot change. Shared mappings (``MAP_SHARED``, ``memfd``, files in
    ``/dev/shm`` that are mapped) count, which ``RLIMIT_DATA`` does not."""
    if not sys.platform.startswith("linux"):
        return Usage(0, 0)
    memory, _ = _resident(pid)
    processes, todo, seen = 0, [pid], {pid}
    while todo:
        children = _children(todo.pop())
        if children is None:  # no children files: the whole process table
            table = _processes()
            children = [child for child in _descendants(pid, table) if child not in seen]
            todo = []
        for child in children:
            if child in seen:
                continue
            seen.add(child)
            resident, zombie = _resident(child)
            if not zombie:
                processes += 1
                memory += resident
                todo.append(child)
    return Usage(processes, memory)


def over_limits(found: Usage, *, processes: int, memory_mib: int) -> tuple[str, str] | None:
    """The limit ``found`` breaks as (failure type, words); None when none (0: no limit)."""
    if processes and found.processes > processes:
        return "ProcessLimitExceeded", (
            f"{found.processes} processes ran at once below the unit's worker, more than the "
            f"limit of {processes} (BOOK_PROCESS_LIMIT)")
    if memory_mib and found.memory > memory_mib * 2**20:
        return "MemoryLimitExceeded", (
            f"the unit's processes held {found.memory / 2**20:.0f} MiB of memory (anonymous and "
            f"shared), more than the limit of {memory_mib} MiB (BOOK_MEMORY_LIMIT)")
    return None


def kill_adopted() -> list[int]:
    """Kill and reap the children of this (subreaper) process that run in another session:
    what a unit left when its worker ended before the build could stop it (the build's own
    children share its session; workers are the forkserver's children). Their pids."""
    if not sys.platform.startswith("linux"):
        return []
    own, killed = os.getsid(0), []
    for child, (parent, session, state) in _processes().items():
        if parent != os.getpid() or session == own:
            continue
        if state != "Z":
            try:
                os.kill(child, signal.SIGKILL)
                killed.append(child)
            except ProcessLookupError:
                pass
        try:
            os.waitpid(child, 0)
        except ChildProcessError:
            pass
    return killed

ASSERTS_DISABLED = (
    "assert statements are disabled (-O / PYTHONOPTIMIZE): the book's hidden asserts would not "
    "run, so nothing is executed or stored; build without -O and with PYTHONOPTIMIZE unset"
)


def die_with_parent() -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        _libc().prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # pragma: no cover  (no prctl: nothing to do)
        return


def limit_memory(mib: int) -> None:
    """Cap the data segment (heap and private mappings) of this process and its children, as
    soft and hard limit: the unit can lower it but never raise it again."""
    if mib <= 0:
        return
    import resource

    wanted = mib * 2**20
    _, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (wanted, wanted))


def memory_note(failure: Failure, mib: int) -> Failure:
    """Say which limit a memory error hit (a MemoryError, or torch's allocator failing)."""
    text = failure.message
    if mib > 0 and (failure.type == "MemoryError" or "MemoryError" in text
                    or "can't allocate memory" in text or "Cannot allocate memory" in text):
        note = f"the unit's memory limit of {mib} MiB (BOOK_MEMORY_LIMIT) was hit"
        failure = dataclasses.replace(failure, message=f"{text} ({note})".strip())
    return failure
