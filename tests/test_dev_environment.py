"""``dev.py`` says what it installs, step by step, before a task that needs it (a first ``pdf``,
``exercise`` or ``diff`` once installed the larger environment for about a minute in silence)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load_dev():
    spec = importlib.util.spec_from_file_location("dev_under_test", ROOT / "scripts" / "dev.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_an_install_names_the_task_the_environment_and_each_step(tmp_path, monkeypatch, capsys):
    dev = load_dev()
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").touch()
    monkeypatch.setattr(dev, "VENV", venv)
    monkeypatch.setattr(dev, "PYTHON", venv / "bin" / "python")
    commands = []
    monkeypatch.setattr(dev, "run", lambda *command, **_: commands.append(command))
    dev.ensure_environment("dev", "dev.py pdf")
    out = capsys.readouterr().out
    assert out.startswith("dev.py pdf: installing .venv's dev environment"), out
    assert "about 3 GB" in out
    for number, label in enumerate(["the packages of requirements-dev.lock", dev.torch_pin(),
                                     "this project, editable"], 1):
        assert f"[{number}/3] installing {label}" in out, out
    assert len(commands) == 3 and list(venv.glob(".installed-dev-*"))
    dev.ensure_environment("dev", "dev.py pdf")  # installed: nothing to say, nothing to run
    assert capsys.readouterr().out == "" and len(commands) == 3
