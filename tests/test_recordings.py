"""Device recordings: validated as data, keyed on what the snippet used, rendered in tabs."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bookkit.exec.capture import new_namespace, run_code
from bookkit.fences import read_snippet
from bookkit.recordings import cli, render, store
from bookkit.recordings.record import record_all

ROOT = Path(__file__).resolve().parent.parent
TIMING = "snippets/first-steps/timing_matmul.py"
WHERE = "snippets/first-steps/device_where.py"
MIXED = "snippets/first-steps/device_mixed.py"
REPORT = "snippets/first-steps/timing_report.py"


def copy_project(tmp_path: Path) -> Path:
    """The parts of the project a recording depends on, in a throw-away folder."""
    root = tmp_path / "book"
    shutil.copytree(ROOT / "bookkit", root / "bookkit",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "snippets" / "first-steps", root / "snippets" / "first-steps")
    shutil.copytree(ROOT / "recordings", root / "recordings")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


def fake_cuda_recording(root: Path, snippet: str = TIMING, per_matmul_ms: dict | None = None,
                        torch: str = "2.11.0+cu130", host_ms: dict | None = None):
    """A CUDA recording made from the real CPU one: same key, GPU-like numbers."""
    cuda = copy.deepcopy(store.load(snippet, "cpu", root))
    cuda["device"] = {"kind": "cuda", "name": "NVIDIA H200"}
    cuda["key"].update(device="cuda", torch=torch.split("+")[0])
    cuda["provenance"].update(
        torch=torch, recorded_at="2026-01-02T03:04:05+00:00",
        cuda={"runtime": "13.0", "driver": "580.65.06", "cudnn": "91300",
              "capability": "9.0", "total_memory_bytes": 150_000_000_000},
    )
    cuda["stdout"] = "장치: cuda\n"
    if per_matmul_ms is not None:
        for row in cuda["data"]["rows"]:
            row["seconds"] = per_matmul_ms[row["size"]] / 1e3 * row["repeats"]
    if host_ms is not None:  # the GPU machine's own CPU, measured in the same run
        host = copy.deepcopy(cuda["data"]["rows"])
        for row in host:
            row["seconds"] = host_ms[row["size"]] / 1e3 * row["repeats"]
        cuda["data"]["host"] = {"threads": 16, "rows": host}
        cuda["provenance"]["cpu"] = {"model": "AMD EPYC 9654", "logical_cores": 16,
                                     "torch_threads": 16}
    assert store.validate(cuda, source=snippet, device="cuda") == []
    store.write(cuda, store.recording_path(snippet, "cuda", root))
    return cuda


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


# --- the real recordings ------------------------------------------------------------------


def test_every_recorded_snippet_has_a_fresh_valid_cpu_recording():
    problems, warnings, notes = cli.check(ROOT)
    assert problems == [] and warnings == []
    snippets = store.recorded_snippets(ROOT)
    assert TIMING in snippets and WHERE in snippets
    for snippet in snippets:
        recording = store.load(snippet, "cpu", ROOT)
        state = store.freshness(recording, ROOT)
        assert state.code_fresh and state.torch_matches, snippet
    not_recorded = [n for n in notes if n.endswith("not recorded (needs a cuda machine)")]
    recorded = [s for s in snippets if store.load(s, "cuda", ROOT) is not None]
    assert len(not_recorded) + len(recorded) == len(snippets)


def test_timing_recording_holds_the_seed_sizes_and_the_large_ones():
    data = store.load(TIMING, "cpu", ROOT)["data"]
    plan = [(row["size"], row["repeats"]) for row in data["rows"]]
    assert plan[:3] == [(100, 20), (500, 20), (1000, 20)]
    assert [size for size, _ in plan[3:]] == [2048, 4096, 8192]
    assert all(row["seconds"] > 0 for row in data["rows"])


def test_the_key_holds_the_modules_the_snippet_imported_and_no_machinery():
    key = store.load(MIXED, "cpu", ROOT)["key"]
    assert sorted(key["inputs"]) == ["bookkit/device.py", "bookkit/show.py"]
    assert key["device"] == "cpu" and key["torch"].count(".") == 2 and "+" not in key["torch"]


@pytest.mark.e2e  # starts a process
def test_cli_check_passes_on_the_repository():
    result = subprocess.run([sys.executable, "-m", "bookkit.recordings", "check"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "0 problem(s)" in result.stdout


# --- what stales a recording, and what does not ------------------------------------------


def test_editing_the_machinery_stales_nothing(tmp_path):
    root = copy_project(tmp_path)
    for machinery in ("exec/runner.py", "exec/worker.py", "exec/engine.py", "exec/capture.py",
                      "fences.py",
                      "recordings/record.py", "recordings/render.py", "recordings/store.py"):
        append(root / "bookkit" / machinery, "\n# edited\n")
    assert cli.check(root)[:2] == ([], [])


@pytest.mark.e2e  # starts a process
def test_editing_the_snippet_or_a_module_it_imports_stales_it(tmp_path):
    root = copy_project(tmp_path)
    append(root / MIXED, "\n")
    problems, _, _ = cli.check(root)
    assert len(problems) == 1 and "device_mixed/cpu.json: recorded from other code" in problems[0]
    assert MIXED in problems[0]
    shutil.copy(ROOT / MIXED, root / MIXED)
    append(root / "bookkit" / "show.py", "\n# changed\n")
    problems, _, _ = cli.check(root)
    assert len(problems) == 1 and "device_mixed/cpu.json" in problems[0]
    assert "bookkit/show.py" in problems[0]
    cli_run = subprocess.run(
        [sys.executable, "-m", "bookkit.recordings", "--root", str(root), "check"],
        capture_output=True, text=True, timeout=120,
    )
    assert cli_run.returncode == 1 and "recorded from other code" in cli_run.stderr


def test_a_torch_release_change_stales_cpu_recordings_and_is_named_for_cuda(tmp_path,
                                                                            monkeypatch):
    root = copy_project(tmp_path)
    fake_cuda_recording(root, WHERE, torch="2.13.0+cu130")
    assert cli.check(root)[:2] == ([], [])
    recorded = store.load(WHERE, "cpu", root)["provenance"]["torch"].split("+")[0]
    monkeypatch.setattr(store, "package_version", lambda name: "9.9.0")
    problems, warnings, notes = cli.check(root)
    assert len(problems) == len(store.recorded_snippets(root))
    assert all(f"recorded with torch {recorded}, this environment has 9.9.0" in p
               for p in problems)
    assert any("device_where/cuda.json: recorded with torch 2.13.0" in n for n in notes)
    assert warnings == []


def test_a_cuda_recording_from_other_code_is_a_warning_not_a_failure(tmp_path):
    root = copy_project(tmp_path)
    fake_cuda_recording(root, WHERE, torch="2.13.0+cu130")
    store.write(store.load(WHERE, "cpu", root), store.recording_path(WHERE, "cpu", root))
    append(root / WHERE, "\n")
    problems, warnings, _ = cli.check(root)
    assert any("device_where/cpu.json: recorded from other code" in p for p in problems)
    assert any("device_where/cuda.json: recorded from other code" in w for w in warnings)
    assert not any("cuda.json" in p for p in problems)


def test_missing_cpu_recording_fails_and_missing_cuda_is_only_reported(tmp_path):
    root = copy_project(tmp_path)
    problems, _, notes = cli.check(root)
    assert problems == []
    assert any("device_where/cuda.json: not recorded" in note for note in notes)
    store.recording_path(WHERE, "cpu", root).unlink()
    problems, _, _ = cli.check(root)
    assert problems == ["recordings/first-steps/device_where/cpu.json: missing "
                        "(run `python3 scripts/dev.py record --device cpu`)"]


def test_a_recording_without_its_snippet_fails(tmp_path):
    root = copy_project(tmp_path)
    orphan = root / "recordings" / "first-steps" / "gone" / "cpu.json"
    orphan.parent.mkdir(parents=True)
    orphan.write_text("{}", encoding="utf-8")
    problems, _, _ = cli.check(root)
    assert any("gone/cpu.json: no recorded snippet" in p for p in problems)


# --- recordings are validated as data ------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda r: r.pop("stdout"), "'stdout' is missing"),
        (lambda r: r["key"].update(snippet_sha256="abc"), "key.snippet_sha256"),
        (lambda r: r["key"]["inputs"].update({"../../etc/passwd.py": None}), "outside"),
        (lambda r: r["key"]["inputs"].update({"bookkit/x.py": "12"}), "key.inputs"),
        (lambda r: r.update(source="../../etc/passwd.py"), "climbs out"),
        (lambda r: r["device"].update(kind="tpu"), "device.kind"),
        (lambda r: r["device"].update(name='H200" onmouseover="x'), "device.name"),
        (lambda r: r["device"].update(name="<script>"), "device.name"),
        (lambda r: r["key"].update(device="cuda"), "'key.device' and 'device.kind' differ"),
        (lambda r: r["provenance"].update(recorded_at="yesterday"), "recorded_at"),
        (lambda r: r["provenance"].update(duration_s=-1.0), "duration_s"),
        (lambda r: r.update(extra="x"), "unknown keys"),
        (lambda r: r["data"].update(bad=float("nan")), "not finite"),
        (lambda r: r["data"].update(bad={1, 2}), "not JSON data"),
        (lambda r: r.update(stdout="  \n"), "stdout"),
        (lambda r: r.update(schema=1), "schema"),
    ],
)
def test_validator_rejects_bad_recordings(change, expected):
    recording = copy.deepcopy(store.load(WHERE, "cpu", ROOT))
    assert store.validate(recording) == []
    change(recording)
    problems = store.validate(recording)
    assert any(expected in problem for problem in problems), problems


def test_a_cuda_recording_needs_its_cuda_details():
    recording = copy.deepcopy(store.load(WHERE, "cpu", ROOT))
    recording["device"] = {"kind": "cuda", "name": "NVIDIA H200"}
    recording["key"]["device"] = "cuda"
    assert "a CUDA recording needs a 'provenance.cuda' object" in store.validate(recording)


def test_loading_never_executes_and_rejects_non_json(tmp_path):
    root = copy_project(tmp_path)
    path = store.recording_path(WHERE, "cpu", root)
    marker = tmp_path / "executed"
    path.write_text(f"__import__('pathlib').Path({str(marker)!r}).touch()", encoding="utf-8")
    with pytest.raises(ValueError, match="not valid JSON"):
        store.load(WHERE, "cpu", root)
    path.write_text('{"data": NaN}', encoding="utf-8")
    with pytest.raises(ValueError, match="NaN is not allowed"):
        store.load(WHERE, "cpu", root)
    assert not marker.exists()


def test_validate_folder_accepts_artifacts_and_rejects_misplaced_files(tmp_path):
    root = copy_project(tmp_path)
    artifacts = tmp_path / "artifacts"
    source = store.recording_path(WHERE, "cpu", root)
    target = artifacts / "first-steps" / "device_where" / "cpu.json"
    target.parent.mkdir(parents=True)
    shutil.copy(source, target)
    assert cli.validate_folder(artifacts, root) == []
    assert cli.validate_folder(artifacts, root, require=["cpu"]) != []  # others missing
    shutil.copy(source, artifacts / "first-steps" / "device_where" / "cuda.json")
    problems = cli.validate_folder(artifacts, root)
    assert any("expected 'cuda'" in problem for problem in problems)
    (artifacts / "evil.sh").write_text("echo hi", encoding="utf-8")
    assert any("evil.sh" in problem for problem in cli.validate_folder(artifacts, root))


# --- recording: the build's runner pointed at a device ----------------------------------


@pytest.mark.e2e  # starts a process
def test_record_writes_a_valid_fresh_recording(tmp_path):
    root = copy_project(tmp_path)
    (root / "recordings").rename(root / "old-recordings")
    written = record_all("cpu", root, only=[MIXED])
    assert written == [store.recording_path(MIXED, "cpu", root)]
    recording = json.loads(written[0].read_text(encoding="utf-8"))
    assert store.validate(recording, source=MIXED, device="cpu") == []
    assert store.is_fresh(recording, root)
    assert "같은 장치라서 그대로 더해진다" in recording["stdout"]
    assert recording["data"] == {"mixed": False}


@pytest.mark.e2e  # starts a process
def test_recording_cuda_without_a_gpu_fails_clearly(tmp_path):
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("this machine has a GPU")
    root = copy_project(tmp_path)
    with pytest.raises(RuntimeError, match="CUDA was requested"):
        record_all("cuda", root, out=tmp_path / "out", only=[WHERE])


# --- rendering ------------------------------------------------------------------------------


def test_tabs_show_every_device_with_provenance_or_an_honest_notice(tmp_path):
    root = copy_project(tmp_path)
    markdown = render.render_tabs(TIMING, live_cpu=False, root=root)
    cpu = store.load(TIMING, "cpu", root)
    assert f'=== "CPU · {cpu["device"]["name"]}"' in markdown
    assert f"torch {cpu['provenance']['torch']}" in markdown
    assert cpu["provenance"]["recorded_at"][:10] in markdown
    assert '=== "CUDA GPU"' in markdown and '!!! note "아직 기록되지 않음"' in markdown
    assert "# bookkit: recorded" not in markdown and "markdown-exec: hide" not in markdown

    fake_cuda_recording(root)
    markdown = render.render_tabs(TIMING, live_cpu=False, root=root)
    assert '=== "CUDA GPU · NVIDIA H200"' in markdown
    assert "torch 2.11.0+cu130" in markdown and "2026-01-02 기록" in markdown
    assert "CUDA 13.0" in markdown and "드라이버 580.65.06" in markdown
    assert "아직 기록되지 않음" not in markdown and "오래된 기록" not in markdown
    assert '!!! note "다른 torch 버전의 기록"' in markdown
    assert "이 기록은 torch 2.11.0로 만들었습니다" in markdown


def test_live_cpu_tab_runs_the_snippet_in_the_block(monkeypatch):
    monkeypatch.chdir(ROOT)
    markdown = render.render_tabs(WHERE, live_cpu=True)
    assert "이 빌드에서 실행" in markdown and "x_on_device is x: True" in markdown


def test_stale_recording_shows_a_visible_warning(tmp_path):
    root = copy_project(tmp_path)
    append(root / TIMING, "\n")
    markdown = render.render_tabs(TIMING, live_cpu=False, root=root)
    assert '!!! warning "오래된 기록"' in markdown and "(오래된 기록)" in markdown


# --- the timing page's text is asserted against the recording ----------------------------


def run_report(root: Path, monkeypatch) -> dict[str, str]:
    """Run the timing report's sections like the page does, in the project at ``root``."""
    monkeypatch.chdir(root)
    namespace = new_namespace("book_test_timing_report")
    outputs = {}
    for section in ("table", "plot", "explain"):
        code = read_snippet(ROOT, f"{REPORT}:{section}", Path("test"), 1)
        outputs[section] = run_code(code, namespace, filename=f"{REPORT}:{section}")
    return outputs


def test_report_without_cuda_claims_no_crossover(tmp_path, monkeypatch):
    out = run_report(copy_project(tmp_path), monkeypatch)
    assert "| 100 | 20 |" in out["table"] and "GPU 기록 없음" in out["table"]
    assert "CUDA GPU 기록이 아직 없어 CPU만 그렸습니다" in out["plot"]
    assert "교차점이 어디인지 말하지 않습니다" in out["explain"]
    assert "사이에 있습니다" not in out["explain"]


def test_report_with_cuda_explains_the_crossover_from_the_numbers(tmp_path, monkeypatch):
    root = copy_project(tmp_path)
    gpu_ms = {100: 1.0, 500: 0.8, 1000: 0.1, 2048: 0.5, 4096: 3.0, 8192: 20.0}
    cpu = store.load(TIMING, "cpu", root)
    cpu_ms = {r["size"]: r["seconds"] / r["repeats"] * 1e3 for r in cpu["data"]["rows"]}
    fake_cuda_recording(root, per_matmul_ms=gpu_ms)
    out = run_report(root, monkeypatch)
    expected = [size for size in sorted(gpu_ms)
                if all(gpu_ms[s] < cpu_ms[s] for s in gpu_ms if s >= size)][0]
    assert "CPU만 그렸습니다" not in out["plot"]
    if expected == 100:
        assert "교차점은 크기 100보다 아래에 있습니다" in out["explain"]
    else:
        assert f"크기 {expected}부터는 GPU(NVIDIA H200)가 끝까지 앞섰습니다" in out["explain"]


def test_report_with_a_gpu_slower_on_small_matrices(tmp_path, monkeypatch):
    root = copy_project(tmp_path)
    cpu = store.load(TIMING, "cpu", root)
    cpu_ms = {r["size"]: r["seconds"] / r["repeats"] * 1e3 for r in cpu["data"]["rows"]}
    gpu_ms = {size: (ms * 10 if size <= 500 else ms / 10) for size, ms in cpu_ms.items()}
    fake_cuda_recording(root, per_matmul_ms=gpu_ms)
    out = run_report(root, monkeypatch)
    assert "| 100 | 20 |" in out["table"] and "| CPU |" in out["table"]
    assert "교차점은 크기 500에서 1000 사이에 있습니다" in out["explain"]


def test_report_compares_the_gpu_with_the_cpu_of_its_own_machine(tmp_path, monkeypatch):
    root = copy_project(tmp_path)
    cpu = store.load(TIMING, "cpu", root)
    build_ms = {r["size"]: r["seconds"] / r["repeats"] * 1e3 for r in cpu["data"]["rows"]}
    host_ms = {size: ms / 20 for size, ms in build_ms.items()}  # a much faster CPU
    # The GPU beats the build machine's CPU from 500 on, its own machine's CPU only from 2048.
    gpu_ms = {size: (host_ms[size] * 2 if size <= 1000 else host_ms[size] / 4)
              for size in build_ms}
    assert gpu_ms[500] < build_ms[500]
    fake_cuda_recording(root, per_matmul_ms=gpu_ms, host_ms=host_ms)
    out = run_report(root, monkeypatch)
    assert "GPU와 같은 기계의 CPU(AMD EPYC 9654, 스레드 16)" in out["table"]
    assert "교차점은 크기 1000에서 2048 사이에 있습니다" in out["explain"]
    assert "GPU 기계의 CPU: AMD EPYC 9654" in out["plot"]  # the third line is drawn
