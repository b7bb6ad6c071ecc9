"""Device recordings: validated as data, checked against the code, rendered in content tabs."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bookkit import recordings
from bookkit.execution import new_namespace, run_code
from bookkit.fences import read_snippet

ROOT = Path(__file__).resolve().parent.parent
TIMING = "snippets/first-steps/timing_matmul.py"
WHERE = "snippets/first-steps/device_where.py"
REPORT = "snippets/first-steps/timing_report.py"


def copy_project(tmp_path: Path) -> Path:
    """The parts of the project a recording depends on, in a throw-away folder."""
    root = tmp_path / "book"
    shutil.copytree(ROOT / "bookkit", root / "bookkit",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "snippets" / "first-steps", root / "snippets" / "first-steps")
    shutil.copytree(ROOT / "recordings", root / "recordings")
    return root


def fake_cuda_recording(root: Path, snippet: str = TIMING, per_matmul_ms: dict | None = None):
    """A CUDA recording made from the real CPU one: same code hash, GPU-like numbers."""
    cpu = recordings.load(snippet, "cpu", root)
    cuda = copy.deepcopy(cpu)
    cuda["device"] = {"kind": "cuda", "name": "NVIDIA H200"}
    cuda["cuda"] = {"runtime": "12.8", "driver": "570.124.06", "cudnn": "90100",
                    "capability": "9.0", "total_memory_bytes": 150_000_000_000}
    cuda["torch"] = "2.13.0+cu128"
    cuda["recorded_at"] = "2026-01-02T03:04:05+00:00"
    cuda["stdout"] = "장치: cuda\n"
    if per_matmul_ms is not None:
        for row in cuda["data"]["rows"]:
            row["seconds"] = per_matmul_ms[row["size"]] / 1e3 * row["repeats"]
    assert recordings.validate_recording(cuda, source=snippet, device="cuda") == []
    recordings.write_recording(cuda, recordings.recording_path(snippet, "cuda", root))
    return cuda


# --- the real recordings ------------------------------------------------------------------


def test_every_recorded_snippet_has_a_fresh_valid_cpu_recording():
    problems, notes = recordings.check(ROOT)
    assert problems == []
    snippets = recordings.recorded_snippets(ROOT)
    assert TIMING in snippets and WHERE in snippets
    for snippet in snippets:
        recording = recordings.load(snippet, "cpu", ROOT)
        assert recording is not None and recordings.is_fresh(recording, ROOT)
        assert recording["device"]["kind"] == "cpu" and recording["torch"]
    missing_cuda = [n for n in notes if n.endswith("not recorded (needs a cuda machine)")]
    recorded_cuda = [s for s in snippets if recordings.load(s, "cuda", ROOT) is not None]
    assert len(missing_cuda) + len(recorded_cuda) == len(snippets)


def test_timing_recording_holds_the_seed_sizes_and_the_large_ones():
    data = recordings.load(TIMING, "cpu", ROOT)["data"]
    plan = [(row["size"], row["repeats"]) for row in data["rows"]]
    assert plan[:3] == [(100, 20), (500, 20), (1000, 20)]
    assert [size for size, _ in plan[3:]] == [2048, 4096, 8192]
    assert all(row["seconds"] > 0 for row in data["rows"])


def test_source_sha256_covers_the_snippet_and_the_project_code_it_uses():
    files = recordings.dependency_files("snippets/first-steps/device_mixed.py", ROOT)
    assert files == [
        "bookkit/execution.py", "bookkit/fences.py", "bookkit/recordings.py", "bookkit/show.py",
        "snippets/first-steps/device_mixed.py",
    ]


def test_cli_check_passes_on_the_repository():
    result = subprocess.run([sys.executable, "-m", "bookkit.recordings", "check"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "0 problem(s)" in result.stdout


# --- the check fails on missing and stale recordings -------------------------------------


def test_changing_a_recorded_snippet_makes_the_check_fail(tmp_path):
    root = copy_project(tmp_path)
    assert recordings.check(root)[0] == []
    snippet = root / TIMING
    original = snippet.read_text(encoding="utf-8")
    changed = original.replace("(8192, 2, 1, 1)", "(8192, 3, 1, 1)")
    assert changed != original
    snippet.write_text(changed, encoding="utf-8")
    problems, _ = recordings.check(root)
    assert len(problems) == 1
    assert "timing_matmul/cpu.json: stale" in problems[0] and TIMING in problems[0]
    cli = subprocess.run(
        [sys.executable, "-m", "bookkit.recordings", "--root", str(root), "check"],
        capture_output=True, text=True, timeout=120,
    )
    assert cli.returncode == 1 and "stale" in cli.stderr


def test_changing_project_code_a_snippet_uses_makes_it_stale(tmp_path):
    root = copy_project(tmp_path)
    show = root / "bookkit" / "show.py"
    show.write_text(show.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    problems, _ = recordings.check(root)
    assert len(problems) == 1 and "device_mixed/cpu.json: stale" in problems[0]
    assert "bookkit/show.py" in problems[0]


def test_missing_cpu_recording_fails_and_missing_cuda_is_only_reported(tmp_path):
    root = copy_project(tmp_path)
    for path in (root / "recordings").rglob("cuda.json"):
        path.unlink()
    problems, notes = recordings.check(root)
    assert problems == []
    assert any("device_where/cuda.json: not recorded" in note for note in notes)
    recordings.recording_path(WHERE, "cpu", root).unlink()
    problems, _ = recordings.check(root)
    assert problems == ["recordings/first-steps/device_where/cpu.json: missing "
                        "(run `make record DEVICE=cpu`)"]


def test_a_recording_without_its_snippet_fails(tmp_path):
    root = copy_project(tmp_path)
    orphan = root / "recordings" / "first-steps" / "gone" / "cpu.json"
    orphan.parent.mkdir(parents=True)
    orphan.write_text("{}", encoding="utf-8")
    problems, _ = recordings.check(root)
    assert any("gone/cpu.json: no recorded snippet" in p for p in problems)


# --- recordings are validated as data ------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda r: r.pop("stdout"), "missing key 'stdout'"),
        (lambda r: r.update(source_sha256="abc"), "source_sha256"),
        (lambda r: r.update(source="../../etc/passwd.py"), "not a path under snippets/"),
        (lambda r: r["device"].update(kind="tpu"), "device kind"),
        (lambda r: r["device"].update(name='H200" onmouseover="x'), "device name"),
        (lambda r: r["device"].update(name="<script>"), "device name"),
        (lambda r: r.update(recorded_at="yesterday"), "recorded_at"),
        (lambda r: r.update(duration_s=-1.0), "duration_s"),
        (lambda r: r.update(extra="x"), "unknown keys"),
        (lambda r: r["data"].update(bad=float("nan")), "not finite"),
        (lambda r: r["data"].update(bad={1, 2}), "not JSON data"),
        (lambda r: r.update(stdout="  \n"), "stdout"),
        (lambda r: r.update(schema=2), "schema"),
    ],
)
def test_validator_rejects_bad_recordings(change, expected):
    recording = copy.deepcopy(recordings.load(WHERE, "cpu", ROOT))
    assert recordings.validate_recording(recording) == []
    change(recording)
    problems = recordings.validate_recording(recording)
    assert any(expected in problem for problem in problems), problems


def test_a_cuda_recording_needs_its_cuda_details():
    recording = copy.deepcopy(recordings.load(WHERE, "cpu", ROOT))
    recording["device"] = {"kind": "cuda", "name": "NVIDIA H200"}
    assert "a CUDA recording needs a 'cuda' object" in recordings.validate_recording(recording)


def test_loading_never_executes_and_rejects_non_json(tmp_path):
    root = copy_project(tmp_path)
    path = recordings.recording_path(WHERE, "cpu", root)
    marker = tmp_path / "executed"
    path.write_text(f"__import__('pathlib').Path({str(marker)!r}).touch()", encoding="utf-8")
    with pytest.raises(ValueError, match="not valid JSON"):
        recordings.load(WHERE, "cpu", root)
    path.write_text('{"duration_s": NaN}', encoding="utf-8")
    with pytest.raises(ValueError, match="NaN is not allowed"):
        recordings.load(WHERE, "cpu", root)
    assert not marker.exists()


def test_validate_folder_accepts_artifacts_and_rejects_misplaced_files(tmp_path):
    root = copy_project(tmp_path)
    artifacts = tmp_path / "artifacts"
    source = recordings.recording_path(WHERE, "cpu", root)
    target = artifacts / "first-steps" / "device_where" / "cpu.json"
    target.parent.mkdir(parents=True)
    shutil.copy(source, target)
    assert recordings.validate_folder(artifacts, root) == []
    assert recordings.validate_folder(artifacts, root, require=["cpu"]) != []  # others missing
    shutil.copy(source, artifacts / "first-steps" / "device_where" / "cuda.json")
    problems = recordings.validate_folder(artifacts, root)
    assert any("expected 'cuda'" in problem for problem in problems)
    (artifacts / "evil.sh").write_text("echo hi", encoding="utf-8")
    assert any("evil.sh" in problem for problem in recordings.validate_folder(artifacts, root))


# --- recording ------------------------------------------------------------------------------


def test_record_writes_a_valid_fresh_recording(tmp_path):
    root = copy_project(tmp_path)
    (root / "recordings").rename(root / "old-recordings")
    written = recordings.record_all("cpu", root, only=[WHERE])
    assert written == [recordings.recording_path(WHERE, "cpu", root)]
    recording = json.loads(written[0].read_text(encoding="utf-8"))
    assert recordings.validate_recording(recording, source=WHERE, device="cpu") == []
    assert recordings.is_fresh(recording, root)
    assert "x_on_device is x: True" in recording["stdout"]
    assert recording["data"] == {"device": "cpu", "copied": False}
    for key in ("source", "source_sha256", "device", "torch", "python", "cpu", "recorded_at",
                "duration_s", "stdout", "data"):
        assert key in recording


def test_recording_cuda_without_a_gpu_fails_clearly(tmp_path, monkeypatch):
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("this machine has a GPU")
    root = copy_project(tmp_path)
    with pytest.raises(RuntimeError, match="CUDA was requested"):
        recordings.record_all("cuda", root, out=tmp_path / "out", only=[WHERE])


# --- rendering ------------------------------------------------------------------------------


def test_tabs_show_every_device_with_provenance_or_an_honest_notice(tmp_path):
    root = copy_project(tmp_path)
    for path in (root / "recordings").rglob("cuda.json"):
        path.unlink()
    markdown = recordings.render_tabs(TIMING, live_cpu=False, root=root)
    cpu = recordings.load(TIMING, "cpu", root)
    assert f'=== "CPU · {cpu["device"]["name"]}"' in markdown
    assert f"torch {cpu['torch']}" in markdown and cpu["recorded_at"][:10] in markdown
    assert '=== "CUDA GPU"' in markdown and '!!! note "아직 기록되지 않음"' in markdown
    assert "# bookkit: recorded" not in markdown and "markdown-exec: hide" not in markdown

    fake_cuda_recording(root)
    markdown = recordings.render_tabs(TIMING, live_cpu=False, root=root)
    assert '=== "CUDA GPU · NVIDIA H200"' in markdown
    assert "torch 2.13.0+cu128" in markdown and "2026-01-02 기록" in markdown
    assert "CUDA 12.8" in markdown and "드라이버 570.124.06" in markdown
    assert "아직 기록되지 않음" not in markdown


def test_live_cpu_tab_runs_the_snippet_in_the_build(tmp_path):
    markdown = recordings.render_tabs(WHERE, live_cpu=True, root=ROOT)
    assert "이 빌드에서 실행" in markdown and "x_on_device is x: True" in markdown


def test_stale_recording_shows_a_visible_warning(tmp_path):
    root = copy_project(tmp_path)
    snippet = root / TIMING
    snippet.write_text(snippet.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    markdown = recordings.render_tabs(TIMING, live_cpu=False, root=root)
    assert '!!! warning "오래된 기록"' in markdown and "(오래된 기록)" in markdown


# --- the timing page's text is asserted against the recording ----------------------------


def run_report(root: Path, monkeypatch) -> dict[str, str]:
    """Run the timing report's sections like the page does, reading recordings from root."""
    monkeypatch.setattr(recordings, "ROOT", root)
    namespace = new_namespace("book_test_timing_report")
    outputs = {}
    for section in ("table", "plot", "explain"):
        code = read_snippet(ROOT, f"{REPORT}:{section}", Path("test"), 1)
        outputs[section] = run_code(code, namespace, filename=f"{REPORT}:{section}")
    return outputs


def test_report_without_cuda_claims_no_crossover(tmp_path, monkeypatch):
    root = copy_project(tmp_path)
    for path in (root / "recordings").rglob("cuda.json"):
        path.unlink()
    out = run_report(root, monkeypatch)
    assert "| 100 | 20 |" in out["table"] and "GPU 기록 없음" in out["table"]
    assert "CUDA GPU 기록이 아직 없어 CPU만 그렸습니다" in out["plot"]
    assert "교차점이 어디인지 말하지 않습니다" in out["explain"]
    assert "사이에 있습니다" not in out["explain"]


def test_report_with_cuda_explains_the_crossover_from_the_numbers(tmp_path, monkeypatch):
    root = copy_project(tmp_path)
    gpu_ms = {100: 1.0, 500: 0.8, 1000: 0.1, 2048: 0.5, 4096: 3.0, 8192: 20.0}
    cpu = recordings.load(TIMING, "cpu", root)
    cpu_ms = {r["size"]: r["seconds"] / r["repeats"] * 1e3 for r in cpu["data"]["rows"]}
    fake_cuda_recording(root, per_matmul_ms=gpu_ms)
    out = run_report(root, monkeypatch)
    expected = [size for size in sorted(gpu_ms)
                if all(gpu_ms[s] < cpu_ms[s] for s in gpu_ms if s >= size)][0]
    assert "GPU (CUDA): NVIDIA H200" not in out["table"]
    assert "CPU만 그렸습니다" not in out["plot"]
    if expected == 100:
        assert "교차점은 크기 100보다 아래에 있습니다" in out["explain"]
    else:
        assert f"크기 {expected}부터는 GPU(NVIDIA H200)가 끝까지 앞섰습니다" in out["explain"]


def test_report_with_a_gpu_slower_on_small_matrices(tmp_path, monkeypatch):
    root = copy_project(tmp_path)
    cpu = recordings.load(TIMING, "cpu", root)
    cpu_ms = {r["size"]: r["seconds"] / r["repeats"] * 1e3 for r in cpu["data"]["rows"]}
    gpu_ms = {size: (ms * 10 if size <= 500 else ms / 10) for size, ms in cpu_ms.items()}
    fake_cuda_recording(root, per_matmul_ms=gpu_ms)
    out = run_report(root, monkeypatch)
    assert "| 100 | 20 |" in out["table"] and "| CPU |" in out["table"]
    assert "교차점은 크기 500에서 1000 사이에 있습니다" in out["explain"]
