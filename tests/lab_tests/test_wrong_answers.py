"""Answers the exercise pages forbid, or that are wrong on a case the text requires, fail.

Each case is the solution with one change (the mistake a reader once made pass), checked with
``dev.py exercise check``'s own tests against a workspace copy: the named test must fail. Each
case is a pytest run of its own, forked from one process per exercise (``forked_runs.py``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bookkit.settings import environment
from bookkit.tools import exercise_stubs as stubs

ROOT = Path(__file__).resolve().parents[2]

RECURSIVE_DFS = """

import sys

sys.setrecursionlimit(10**7)


def flood_fill(image, sr, sc, color):
    original = image[sr][sc]
    if original == color:
        return image
    rows, cols = len(image), len(image[0])

    def visit(r, c):
        if 0 <= r < rows and 0 <= c < cols and image[r][c] == original:
            image[r][c] = color
            for dr, dc in NEIGHBORS:
                visit(r + dr, c + dc)

    visit(sr, sc)
    return image


def num_islands(grid):
    rows, cols = len(grid), len(grid[0])
    seen = [[False] * cols for _ in range(rows)]

    def visit(r, c):
        if 0 <= r < rows and 0 <= c < cols and not seen[r][c] and grid[r][c] == "1":
            seen[r][c] = True
            for dr, dc in NEIGHBORS:
                visit(r + dr, c + dc)

    islands = 0
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] == "1" and not seen[r][c]:
                islands += 1
                visit(r, c)
    return islands
"""

# bfs: a recursive DFS, but only where the grid has more than 1200 cells (30×40 has 1200)
RECURSIVE_DFS_ON_LARGE_GRIDS = """

import sys

sys.setrecursionlimit(10**7)
_bfs_islands = num_islands


def _sink(grid, seen, r, c):
    if not (0 <= r < len(grid) and 0 <= c < len(grid[0])) or seen[r][c] or grid[r][c] != "1":
        return
    seen[r][c] = 1
    for dr, dc in NEIGHBORS:
        _sink(grid, seen, r + dr, c + dc)


def num_islands(grid):
    if len(grid) * len(grid[0]) <= 1200:
        return _bfs_islands(grid)
    seen = [bytearray(len(grid[0])) for _ in grid]
    islands = 0
    for r in range(len(grid)):
        for c in range(len(grid[0])):
            if grid[r][c] == "1" and not seen[r][c]:
                islands += 1
                _sink(grid, seen, r, c)
    return islands
"""

# strides-and-views: torch's answer when torch can be imported, a naive guess when it cannot
REFUSAL_UNDONE = """

import os as _os
import sys as _sys

_sys.meta_path[:] = [finder for finder in _sys.meta_path if "NoTorch" not in repr(finder)]
_sys.path.append(_os.path.join(_os.path.dirname(_os.path.dirname(_sys.executable)), "lib",
                               "python%d.%d" % _sys.version_info[:2], "site-packages"))
"""

TORCH_WHEN_AVAILABLE = """

try:
    import torch
except ImportError:
    torch = None


def _as_tensor(shape, stride):
    needed = 1 + sum((n - 1) * s for n, s in zip(shape, stride)) if all(shape) else 0
    return torch.arange(float(max(needed, 1))).as_strided(tuple(shape), tuple(stride))


def is_contiguous(shape, stride):
    if torch is not None:
        return _as_tensor(shape, stride).is_contiguous()
    return tuple(stride) == contiguous_strides(shape)


def view_strides(shape, stride, new_shape):
    if torch is not None:
        try:
            return tuple(_as_tensor(shape, stride).view(tuple(new_shape)).stride())
        except RuntimeError:
            return None
    new_shape = _infer_size(tuple(shape), new_shape)
    if new_shape is None or not is_contiguous(shape, stride):
        return None
    return contiguous_strides(new_shape)
"""

# manual-sgd: torch.optim.SGD with the profiler paused for the call
PROFILER_PAUSED = """    import sys

    params = [param for param in params if param.grad is not None]
    if not params:
        return
    profiler = sys.getprofile()
    sys.setprofile(None)
    try:
        optimizer = torch.optim.SGD(params, lr=lr)
        optimizer.step()
        optimizer.zero_grad()
    finally:
        sys.setprofile(profiler)
"""

# manual-sgd: torch.optim.SGD in a thread of its own
OPTIMIZER_IN_A_THREAD = """    import threading

    params = [param for param in params if param.grad is not None]
    if not params:
        return

    def step():
        optimizer = torch.optim.SGD(params, lr=lr)
        optimizer.step()
        optimizer.zero_grad()

    thread = threading.Thread(target=step)
    thread.start()
    thread.join()
"""

MANUAL_STEP = """    with torch.no_grad():
        for param in params:
            if param.grad is None:
                continue
            param -= lr * param.grad
            param.grad = None  # zero_grad(set_to_none=True)와 같다
"""

PAUSED_PROFILER = """

def _paused(func):
    def wrapper(*args):
        saved = sys.getprofile()
        sys.setprofile(None)
        try:
            return func(*args)
        finally:
            sys.setprofile(saved)
    return wrapper


flood_fill = _paused(flood_fill)
num_islands = _paused(num_islands)
"""

WRONG = {
    # grad-check: the largest difference against the largest tolerance, not element by element
    "grad_check-largest-difference": (
        "grad_check", [("return bool(((analytical - numerical).abs() <= atol + rtol * "
                        "numerical.abs()).all())",
                        "return bool((analytical - numerical).abs().max() <= atol + rtol * "
                        "numerical.abs().max())")],
        "test_every_element_is_held_to_its_own_tolerance"),
    # grad-check: autograd on a leaf of x's own dtype (float32 stays float32)
    "grad_check-float32-leaf": (
        "grad_check", [("leaf = x.detach().to(torch.float64).clone().requires_grad_(True)",
                        "leaf = x.detach().clone().requires_grad_(True)")],
        "test_autograd_runs_in_float64"),
    # strides-and-views: torch when it is there, a rule for contiguous tensors only when not
    "strides-torch-when-available": (
        "strides_and_views", [("    return new_shape if known == numel else None\n# END ANSWER\n",
                               "    return new_shape if known == numel else None\n# END ANSWER\n"
                               + TORCH_WHEN_AVAILABLE)],
        "test_the_answer_uses_no_torch"),
    # unbroadcast-grad: a size-0 axis taken to broadcast like a size-1 axis
    "unbroadcast-size-zero-axis": (
        "unbroadcast_grad", [("if size not in (1, grad_size):",
                              "if size > 1 and size != grad_size:")],
        "test_rejects_a_size_zero_axis"),
    # manual-sgd: an optimizer object, run with the profiler paused
    "manual_sgd-profiler-paused": (
        "manual_sgd", [(MANUAL_STEP, PROFILER_PAUSED)], "test_no_optimizer_does_the_step"),
    # manual-sgd: an optimizer object, run in another thread
    "manual_sgd-optimizer-in-a-thread": (
        "manual_sgd", [(MANUAL_STEP, OPTIMIZER_IN_A_THREAD)], "test_no_optimizer_does_the_step"),
    # bfs: flood_fill paints a copy and returns it, the caller's image untouched
    "bfs-flood-fill-copy": (
        "bfs", [("    original = image[sr][sc]\n",
                 "    image = [row[:] for row in image]\n    original = image[sr][sc]\n")],
        "test_flood_fill_leetcode_examples"),
    # bfs: the page's own mistake: marked when popped, popped cells not checked again (the
    # depth check once ran it unbounded for minutes; every small-grid check now counts work)
    "bfs-marked-when-popped": (
        "bfs", [("                row, col = queue.popleft()\n",
                 "                row, col = queue.popleft()\n"
                 "                seen[row][col] = 1\n"),
                ("                        seen[r][c] = 1\n                        queue.append",
                 "                        queue.append")],
        "test_the_search_does_not_recurse"),
    # bfs: recursion only on grids larger than the 30×40 of the depth test
    "bfs-recursive-dfs-on-large-grids": (
        "bfs", [("    return islands\n    # END ANSWER\n",
                 "    return islands\n    # END ANSWER\n" + RECURSIVE_DFS_ON_LARGE_GRIDS)],
        "test_large_grids_queue_each_cell_a_bounded_number_of_times"),
    # grad-check: a tolerance of its own instead of atol + rtol * |numerical|
    "grad_check-own-tolerance": (
        "grad_check", [("<= atol + rtol * numerical.abs()", "<= 0.01 + 0.2 * numerical.abs()")],
        "test_grad_matches_agrees_with_gradcheck"),
    # grad-check: a fixed absolute tolerance (hypothesis alone let it pass on some seeds)
    "grad_check-fixed-tolerance": (
        "grad_check", [("<= atol + rtol * numerical.abs()", "<= 1.3e-3")],
        "test_grad_matches_agrees_with_gradcheck"),
    # grad-check: rtol alone, no atol (a zero gradient never matches its h**2 difference)
    "grad_check-no-atol": (
        "grad_check", [("<= atol + rtol * numerical.abs()", "<= rtol * numerical.abs()")],
        "test_atol_decides_where_the_gradient_is_small"),
    # grad-check: rtol times |autograd| instead of |numerical|
    "grad_check-rtol-of-autograd": (
        "grad_check", [("atol + rtol * numerical.abs()", "atol + rtol * analytical.abs()")],
        "test_rtol_scales_the_numerical_gradient"),
    # grad-check: a moved element not put back before the next one
    "grad_check-element-not-restored": (
        "grad_check", [("            flat[index] = original\n", "")],
        "test_numerical_grad_puts_each_element_back"),
    # grad-check: h not passed on
    "grad_check-default-step": (
        "grad_check", [("numerical = numerical_grad(f, x, h)", "numerical = numerical_grad(f, x)")],
        "test_grad_matches_passes_its_step_to_numerical_grad"),
    # grad-check: x's requires_grad switched off
    "grad_check-requires-grad-dropped": (
        "grad_check", [("    point = x.detach().to(torch.float64).contiguous().clone()\n",
                        "    x.requires_grad_(False)\n"
                        "    point = x.detach().to(torch.float64).contiguous().clone()\n")],
        "test_a_leaf_that_requires_grad_stays_one"),
    # manual-sgd: torch.optim's _single_tensor_sgd, bound before the test, profiler paused
    "manual_sgd-function-bound-at-import": (
        "manual_sgd", [("import torch\n", "import torch\n"
                        "from torch.optim.sgd import _single_tensor_sgd as _step\n"),
                       ("            param -= lr * param.grad\n",
                        "            saved = sys.getprofile()\n"
                        "            sys.setprofile(None)\n"
                        "            try:\n"
                        "                _step([param], [param.grad], [None], None, None, "
                        "weight_decay=0.0, momentum=0.0, lr=lr, dampening=0.0, nesterov=False, "
                        "maximize=False, has_sparse_grad=False)\n"
                        "            finally:\n"
                        "                sys.setprofile(saved)\n"),
                       ("from __future__ import annotations\n",
                        "from __future__ import annotations\nimport sys\n")],
        "test_no_optimizer_does_the_step"),
    # bfs: a recursive DFS that pauses the profiler and raises the recursion limit for the call
    "bfs-recursive-dfs-profiler-paused": (
        "bfs", [("    return islands\n    # END ANSWER\n",
                 "    return islands\n    # END ANSWER\n" + RECURSIVE_DFS
                 + PAUSED_PROFILER)],
        "test_the_search_does_not_recurse"),
    # strides-and-views: torch reached without an import statement
    "strides-torch-by-importlib": (
        "strides_and_views", [("from __future__ import annotations\n",
                               "from __future__ import annotations\nimport importlib\n"
                               "_t = importlib.import_module('torch')\n")],
        "test_the_answer_uses_no_torch"),
    # strides-and-views: a blocking None in sys.modules["torch"] removed, then torch imported
    "strides-torch-after-sys-modules": (
        "strides_and_views", [("from __future__ import annotations\n",
                               "from __future__ import annotations\nimport sys\n"
                               "if 'torch' in sys.modules and sys.modules['torch'] is None:\n"
                               "    del sys.modules['torch']\nimport torch\n")],
        "test_the_answer_uses_no_torch"),
    # strides-and-views: the name-based refusal undone (finder removed, site-packages put back
    # on sys.path), then torch when it is there: only Landlock stops this one
    "strides-refusal-undone": (
        "strides_and_views", [("    return new_shape if known == numel else None\n# END ANSWER\n",
                               "    return new_shape if known == numel else None\n# END ANSWER\n"
                               + REFUSAL_UNDONE + TORCH_WHEN_AVAILABLE)],
        "test_the_answer_uses_no_torch"),
    # strides-and-views: a size-1 axis inside a chunk not skipped
    "strides-size-one-axis": (
        "strides_and_views", [("shape[axis - 1] != 1 and stride[axis - 1]", "stride[axis - 1]")],
        "test_transpose_example_of_the_chapter"),
    # manual-sgd: torch.optim's functional SGD does the step
    "manual_sgd-functional-sgd": (
        "manual_sgd", [("            param -= lr * param.grad\n",
                        "            torch.optim.sgd.sgd([param], [param.grad], [None], lr=lr, "
                        "momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False, "
                        "maximize=False)\n")],
        "test_no_optimizer_does_the_step"),
    # manual-sgd: torch.optim's fused C++ kernel does the step
    "manual_sgd-fused-kernel": (
        "manual_sgd", [("            param -= lr * param.grad\n",
                        "            torch._fused_sgd_([param], [param.grad], [], "
                        "weight_decay=0.0, momentum=0.0, lr=lr, dampening=0.0, nesterov=False, "
                        "maximize=False, is_first_step=True)\n")],
        "test_no_optimizer_does_the_step"),
    # manual-sgd: new memory swapped in, not an in-place update
    "manual_sgd-not-in-place": (
        "manual_sgd", [("            param -= lr * param.grad\n",
                        "            param.data = param.data - lr * param.grad\n")],
        "test_sgd_step_updates_the_same_tensor_objects"),
    # nchw-and-gather: 3-D scores accepted
    "nchw-three-dim-scores": (
        "nchw_and_gather", [("if scores.dim() != 2:", "if scores.dim() < 2:"),
                            ("    batch, classes = scores.shape\n",
                             "    scores = scores.flatten(1)\n"
                             "    batch, classes = scores.shape\n")],
        "test_pick_scores_rejects_bad_input"),
    # nchw-and-gather: uint8 and bool targets taken as class numbers (as cross_entropy takes
    # uint8) and turned into int64 with .long(), where the docstring asks for a ValueError
    "nchw-small-int-targets": (
        "nchw_and_gather", [("    if target.dtype != torch.int64:\n",
                             "    if target.dtype not in (torch.int64, torch.uint8, "
                             "torch.bool):\n"),
                            ("    if batch and (target.min()",
                             "    target = target.long()\n    if batch and (target.min()")],
        "test_pick_scores_rejects_bad_input"),
    # bfs: a recursive DFS, the recursion limit raised so that 1000×1000 passes
    "bfs-recursive-dfs": (
        "bfs", [("    return islands\n    # END ANSWER\n",
                 "    return islands\n    # END ANSWER\n" + RECURSIVE_DFS)],
        "test_the_search_does_not_recurse"),
    # nchw-and-gather: channels=0 taken for "not given"
    "nchw-channels-zero": (
        "nchw_and_gather", [("if channels is not None and", "if channels and")],
        "test_to_nchw_checks_the_channel_count"),
    # unbroadcast-grad: leading axes summed through a reshape that a size-0 axis breaks
    "unbroadcast-leading-reshape": (
        "unbroadcast_grad", [(
            "        grad = grad.sum(dim=tuple(range(extra)))  # 덧붙은 앞쪽 축\n",
                              "        lead = 1\n        for size in grad_shape[:extra]:\n"
                              "            lead *= size\n"
                              "        grad = grad.reshape(lead, -1).sum(0)"
                              ".reshape(grad_shape[extra:])\n")],
        "test_matches_autograd"),
}


EXERCISES = sorted({name for name, _, _ in WRONG.values()})


@pytest.mark.e2e  # starts a process
@pytest.mark.parametrize("name", EXERCISES)
def test_each_wrong_answer_fails_its_check(tmp_path, name):
    """Every case of exercise ``name``: its own pytest run (forked_runs.py) of the test it names,
    against a workspace holding that one answer: that test must fail."""
    exercise = stubs.find_exercise(name)
    solution = (ROOT / exercise.solution).read_text(encoding="utf-8")
    tests = {path: path.read_text(encoding="utf-8")
             for path in (ROOT / "tests" / "lab_tests" / test for test in exercise.tests)}
    cases = {case: spec for case, spec in sorted(WRONG.items()) if spec[0] == name}
    runs = []
    for case, (_, changes, failing_test) in cases.items():
        text = solution
        for old, new in changes:
            assert text.count(old) == 1, f"{case}: {old!r} is not once in the solution"
            text = text.replace(old, new)
        folder = tmp_path / case
        folder.mkdir()
        (folder / f"{exercise.name}.py").write_text(text, encoding="utf-8")
        named = [f"{test}::{failing_test}" for test, source in tests.items()
                 if f"def {failing_test}(" in source]
        assert len(named) == 1, f"{case}: {failing_test} is not in one of {exercise.tests}"
        runs.append({"args": ["-q", "-p", "no:cacheprovider", *stubs.CHECK_PLUGINS, "--tb=line",
                              *named, "--impl=workspace", f"--workspace={folder}"],
                     "out": str(folder / "pytest.out")})
    (tmp_path / "runs.json").write_text(json.dumps(runs), encoding="utf-8")
    env = {k: v for k, v in environment().items() if k != "PYTEST_ADDOPTS"}
    env.update(stubs.CHECK_ENVIRONMENT)
    subprocess.run([sys.executable, str(Path(__file__).with_name("forked_runs.py")),
                    str(tmp_path / "runs.json")], cwd=ROOT, env=env, check=True, timeout=1800)
    problems = []
    for case, (_, _, failing_test) in cases.items():
        out = (tmp_path / case / "pytest.out").read_text(encoding="utf-8")
        code = int((tmp_path / case / "pytest.out.code").read_text(encoding="utf-8"))
        failed = [line for line in out.splitlines() if line.startswith("FAILED")]
        if code != 1 or not any(f"::{failing_test}" in line for line in failed):
            problems.append(f"{case}: exit {code}, {failing_test} should fail:\n{out[-3000:]}")
    assert not problems, "\n\n".join(problems)
