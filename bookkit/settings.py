"""The build's settings, read once in the parent: the only module that reads ``os.environ``.

Every setting has a default, may be set in ``mkdocs.yml`` (the ``bookkit`` plugin's options,
:mod:`bookkit.mkdocs.plugin`) and may be overridden by a ``BOOK_*`` environment variable
(:data:`VARIABLES`, the table DEVELOPING.md shows). Defaults < ``mkdocs.yml`` < environment.

What a worker process needs (limits, the device) travels in its typed job
(:class:`bookkit.exec.jobs.Job`), never through the environment. The environment of a child
*build* (a test's mini book, the review's builds, the benchmark's copy) is made by one helper,
:func:`child_environment`.

The process environment itself is also an input of the units (their key sees some variables,
a block may read others): :func:`environment` is its one reader, and :func:`replace_environment`
its one writer (the worker starts each unit from the build's environment).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEVICES = ("cpu", "cuda")
DEVICE_VARIABLE = "BOOK_DEVICE"
DEFAULT_STORE = Path(".cache") / "bookkit" / "store"
DEFAULT_MANIFEST = Path(".cache") / "bookkit" / "manifest.json"


class SettingsError(ValueError):
    """A setting has a value it cannot take (names the variable or option)."""


def _flag(text: str) -> bool:
    return text not in ("", "0", "off", "false", "no")


def _names(text: str) -> tuple[str, ...]:
    return tuple(filter(None, (name.strip() for name in text.split(","))))


def _optional_path(text: str) -> Path | None:
    return Path(text) if text else None


def _device(text: str) -> str:
    if text not in DEVICES:
        raise ValueError(f"expected one of {', '.join(DEVICES)}")
    return text


@dataclass(frozen=True)
class Settings:
    """Everything that configures a build, a test run or a recording."""

    store: Path | None = None  # None: <root>/.cache/bookkit/store
    secondary_store: Path | None = None  # read on a miss, never written
    manifest: Path | None = None  # None: <root>/.cache/bookkit/manifest.json
    jobs: int = field(default_factory=lambda: os.cpu_count() or 1)
    block_timeout: float = 300.0  # seconds per block, 0: none
    output_limit: int = 1_000_000  # characters a block may print
    memory_limit: int = 4096  # MiB of data per unit, 0: none
    process_limit: int = 8  # processes a unit may start, 0: none
    require_stored: bool = False  # fail instead of executing a unit
    execute: bool = True  # off: render blocks without output, skip the checks
    preload: tuple[str, ...] | None = None  # None: torch, numpy, matplotlib
    device: str = "cpu"  # the device recorded units run for

    def store_dir(self, root: Path) -> Path:
        return self.store if self.store is not None else Path(root) / DEFAULT_STORE

    def manifest_path(self, root: Path) -> Path:
        return self.manifest if self.manifest is not None else Path(root) / DEFAULT_MANIFEST

    def __post_init__(self) -> None:
        if self.jobs < 1:
            raise SettingsError(f"jobs: {self.jobs} (at least 1)")
        for name in ("block_timeout", "output_limit", "memory_limit", "process_limit"):
            if getattr(self, name) < 0:
                raise SettingsError(f"{name}: {getattr(self, name)} (0 or more)")
        if self.device not in DEVICES:
            raise SettingsError(f"device: {self.device!r} (one of {', '.join(DEVICES)})")


@dataclass(frozen=True)
class Variable:
    name: str  # BOOK_...
    setting: str  # the Settings field (and plugin option) it overrides
    parse: Callable[[str], Any]
    meaning: str  # for the DEVELOPING.md table and error messages


VARIABLES = (
    Variable("BOOK_STORE", "store", _optional_path, "실행 저장소 폴더"),
    Variable("BOOK_SECONDARY_STORE", "secondary_store", _optional_path,
             "읽기 전용 두 번째 저장소"),
    Variable("BOOK_MANIFEST", "manifest", _optional_path, "출력 매니페스트 파일"),
    Variable("BOOK_JOBS", "jobs", int, "동시에 실행할 단위 수"),
    Variable("BOOK_BLOCK_TIMEOUT", "block_timeout", float, "블록당 제한 시간(초)"),
    Variable("BOOK_OUTPUT_LIMIT", "output_limit", int, "블록당 출력 한도(자)"),
    Variable("BOOK_MEMORY_LIMIT", "memory_limit", int, "단위당 메모리 한도(MiB)"),
    Variable("BOOK_PROCESS_LIMIT", "process_limit", int, "단위당 프로세스 한도"),
    Variable("BOOK_REQUIRE_STORED", "require_stored", _flag, "저장된 출력만 쓰기"),
    Variable("BOOK_EXECUTE", "execute", _flag, "실행 끄기(off)"),
    Variable("BOOK_PRELOAD", "preload", _names, "작업자가 미리 import할 모듈"),
    Variable(DEVICE_VARIABLE, "device", _device, "기록하는 장치"),
)


def load(config: Mapping[str, Any] | None = None,
         environ: Mapping[str, str] | None = None) -> Settings:
    """Defaults, then ``config`` (options set in ``mkdocs.yml``; None means unset), then the
    ``BOOK_*`` variables of ``environ`` (the process environment by default)."""
    values = {name: value for name, value in (config or {}).items() if value is not None}
    environ = os.environ if environ is None else environ
    for variable in VARIABLES:
        if variable.name in environ:
            try:
                values[variable.setting] = variable.parse(environ[variable.name])
            except ValueError as error:
                raise SettingsError(
                    f"{variable.name}={environ[variable.name]!r}: {error}") from error
    if isinstance(values.get("preload"), list):
        values["preload"] = tuple(values["preload"])
    for name in ("store", "secondary_store", "manifest"):
        if isinstance(values.get(name), str):
            values[name] = Path(values[name])
    return Settings(**values)


class _AnyTagLoader:
    """A YAML loader for mkdocs.yml that reads its ``!!python/name:`` and ``!ENV`` tags as
    None: only the plain ``bookkit`` options are wanted here."""

    @staticmethod
    def make():
        import yaml

        class Loader(yaml.SafeLoader):
            pass

        Loader.add_multi_constructor("", lambda loader, suffix, node: None)
        Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
        return Loader


def mkdocs_options(root: Path, config_file: str = "mkdocs.yml") -> dict[str, Any]:
    """The ``bookkit`` plugin's options in the project's ``mkdocs.yml`` (none: {})."""
    import yaml

    path = Path(root) / config_file
    if not path.is_file():
        return {}
    config = yaml.load(path.read_text(encoding="utf-8"), Loader=_AnyTagLoader.make()) or {}
    for plugin in config.get("plugins") or []:
        if isinstance(plugin, dict) and isinstance(plugin.get("bookkit"), dict):
            return dict(plugin["bookkit"])
    return {}


def project_settings(root: Path, environ: Mapping[str, str] | None = None) -> Settings:
    """The settings every entry point uses for the project at ``root`` (build, serve, pytest,
    verify, record, drift, prune, shard): defaults < ``mkdocs.yml``'s ``bookkit`` options (paths
    relative to ``root``) < ``BOOK_*`` variables, as the plugin reads them."""
    options = mkdocs_options(root)
    for name in ("store", "secondary_store", "manifest"):
        if isinstance(options.get(name), str):
            options[name] = Path(root) / options[name]
    return load(options, environ)


def child_environment(settings: Settings | None = None, **extra: str) -> dict[str, str]:
    """The environment for a child process (a build, a test run): this one, with ``settings``
    written back as ``BOOK_*`` variables where they differ from the defaults, and ``extra``."""
    env = dict(os.environ)
    if settings is not None:
        default = Settings()
        for variable in VARIABLES:
            value = getattr(settings, variable.setting)
            if value != getattr(default, variable.setting):
                env[variable.name] = _as_text(value)
    env.update(extra)
    return env


def _as_text(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "off"
    if isinstance(value, tuple):
        return ",".join(value)
    return "" if value is None else str(value)


def with_changes(settings: Settings, **changes: Any) -> Settings:
    return dataclasses.replace(settings, **changes)


def environment() -> dict[str, str]:
    """The process environment now (a copy)."""
    return dict(os.environ)


def replace_environment(values: Mapping[str, str], *, clear: bool = False) -> None:
    """Set ``values`` in the process environment (after emptying it, with ``clear``)."""
    if clear:
        os.environ.clear()
    os.environ.update(values)


@contextlib.contextmanager
def environment_set(name: str, value: str) -> Iterator[None]:
    """``name=value`` in the process environment for the ``with`` block, then as before."""
    previous = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = previous


def job_device() -> str:
    """The device the running unit is for: the worker sets ``BOOK_DEVICE`` from its job's
    ``device`` (:mod:`bookkit.exec.worker`); ``cpu`` outside a worker."""
    return os.environ.get(DEVICE_VARIABLE, "cpu")


def live_environment() -> Any:
    """The ``os.environ`` object itself, for the input tracker that watches its reads."""
    return os.environ


def live_environment_bytes() -> Any:
    """``os.environ``'s bytes view (``os.environb``), or None where there is none (Windows)."""
    return getattr(os, "environb", None)
