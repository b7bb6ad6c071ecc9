"""The lab's measurements keep the relations the page explains (not its printed strings)."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from bookkit.plots import svg
from labs.deep_learning_pytorch.tensors_and_autograd import autograd_bugs as lab

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def leak() -> lab.LeakReport:
    return lab.measure_detach_leak(n_batches=12, batch_size=32, hidden=128)


@pytest.fixture(scope="module")
def zero_grad() -> lab.ZeroGradReport:
    return lab.measure_zero_grad()


def test_leak_grows_linearly_with_batches(leak):
    live = leak.run("total = total + loss").live_bytes
    steps = {after - before for before, after in zip(live[:-1], live[1:], strict=True)}
    assert len(steps) == 1 and steps.pop() == live[0] > 0, (
        f"텐서째 더하면 batch마다 같은 크기의 그래프가 쌓여야 합니다: {live}"
    )


def test_item_keeps_one_graph_and_no_grad_keeps_none(leak):
    one_graph = leak.run("total = total + loss").live_bytes[0]
    assert leak.run("total = total + loss.item()").live_bytes == [one_graph] * leak.n_batches
    assert leak.run("torch.no_grad() + loss.item()").live_bytes == [0] * leak.n_batches


def test_all_variants_sum_the_same_losses(leak):
    totals = [run.total for run in leak.runs]
    assert all(math.isclose(t, totals[0], rel_tol=1e-5) for t in totals), totals


def test_leak_default_size_is_about_one_mib_per_batch():
    report = lab.measure_detach_leak()  # the page's inputs: 50 batches of 256
    per_batch = report.run("total = total + loss").live_bytes[0]
    assert report.run("total = total + loss").live_bytes[-1] == 50 * per_batch
    assert 1.0 < per_batch / lab.MIB < 1.2


def test_tracker_forgets_freed_graphs():
    import torch

    weight = torch.ones(100, requires_grad=True)
    with lab.SavedTensorTracker(exclude=[weight]) as tracker:
        loss = (weight * torch.ones(100)).exp().sum()
        assert tracker.live_bytes() > 0
        del loss
        assert tracker.live_bytes() == 0


def test_version_error_is_raised():
    error = lab.measure_version_error()
    assert (error.version_before, error.version_after) == (0, 1)
    assert "modified by an inplace operation" in error.message


def test_view_normalization_changes_the_dataset():
    view = lab.measure_view_normalization()
    assert f"{view.mean_before:.3f}" == "10.060"
    assert abs(view.mean_after_inplace) < 5e-4
    assert view.mean_after_new_tensor == view.mean_before


def test_data_gradient_matches_the_formula():
    grad = lab.measure_data_gradient()
    assert grad.grad_data_mul == pytest.approx(grad.formula_wrong, abs=1e-6)  # 2s(1-2s)
    assert grad.grad_fixed == pytest.approx(grad.formula_right, abs=1e-6)  # 2s(1-s)
    assert round(grad.grad_data_mul[0], 4) == -0.3049  # a = 0.5
    assert round(grad.grad_fixed[0], 2) == 0.47


def test_missing_zero_grad_ends_higher(zero_grad):
    assert len(zero_grad.with_zero_grad) == len(zero_grad.without_zero_grad) == 30
    assert zero_grad.with_zero_grad[0] == zero_grad.without_zero_grad[0]
    assert zero_grad.without_zero_grad[-1] > 10 * zero_grad.with_zero_grad[-1]
    assert [row[0] for row in zero_grad.table()] == [0, 5, 10, 20, 29]


def test_missing_zero_grad_is_momentum_one(zero_grad):
    assert zero_grad.without_zero_grad == pytest.approx(zero_grad.momentum_one, abs=1e-5)


@pytest.mark.e2e  # starts a process
def test_module_prints_the_three_part_report():
    result = subprocess.run(
        [sys.executable, "-m", "labs.deep_learning_pytorch.tensors_and_autograd.autograd_bugs"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=True,
    )
    out = result.stdout
    assert [line[:3] for line in out.splitlines() if line.startswith("[")] == ["[1]", "[2]", "[3]"]
    assert "-0.3049" in out and "10.060 -> 0.000" in out


def test_plots_render_korean_labels(leak, zero_grad):
    # bookkit.plots.svg raises MissingGlyphError when the font lacks a character.
    figures = [lab.plot_leak(leak), lab.plot_zero_grad(zero_grad)]
    assert "batch" in figures[0].axes[0].get_xlabel()
    for figure in figures:
        assert svg(figure, "그림").startswith('<figure class="book-plot">')


def test_the_solution_passes_its_own_checks():
    assert [(v.name, v.ok) for v in lab.check_all()] == [
        ("evaluate", True), ("softmax", True), ("normalize_batches", True), ("train", True)]


def test_the_checks_name_each_handed_out_bug():
    """The notebook runs the student version: each check must say what is wrong with it."""
    from labs.deep_learning_pytorch.tensors_and_autograd.exercises import autograd_bugs as student

    leak = lab.check_evaluate(student.evaluate)
    assert not leak.ok and "쌓입니다" in leak.advice
    assert "grad_fn=AddBackward0" in leak.findings[-1]
    softmax = lab.check_softmax(student.softmax)
    assert not softmax.ok and "modified by an inplace operation" in softmax.findings[-1]
    normalize = lab.check_normalize(student.normalize_batches)
    assert not normalize.ok and "부른 뒤 0.000" in normalize.findings[-1]
    train = lab.check_train(student.train)
    assert not train.ok and "zero_grad" in train.advice
    assert student.check_all() and not any(v.ok for v in student.check_all())
    # the notebook's hidden check cells run their asserts only on the handed-out bugs
    assert all(v.as_handed_out for v in [leak, softmax, normalize, train])
    assert not any(v.as_handed_out for v in lab.check_all())


def test_a_wrong_fix_is_not_taken_for_the_handed_out_bug():
    """A fix that is wrong in another way gets advice of its own, and the notebook's hidden
    check cells (which describe the handed-out bug) pass it by instead of failing."""
    import torch.nn.functional as F

    def train_step_on_cleared_grads(inputs, targets, lr=0.1, steps=30):
        weight = torch.zeros(inputs.shape[1], requires_grad=True)
        bias = torch.zeros(1, requires_grad=True)
        optimizer = torch.optim.SGD([weight, bias], lr=lr)
        losses = []
        for _ in range(steps):
            loss = ((inputs @ weight + bias - targets) ** 2).mean()
            losses.append(loss.item())
            loss.backward()
            optimizer.zero_grad()
            optimizer.step()
        return losses

    train = lab.check_train(train_step_on_cleared_grads)
    assert not train.ok and not train.as_handed_out and "줄지 않습니다" in train.advice

    def evaluate_mean(model, batches):
        with torch.no_grad():
            losses = [F.cross_entropy(model(x), y).item() for x, y in batches]
        return sum(losses) / len(losses)

    leak = lab.check_evaluate(evaluate_mean)
    assert not leak.ok and not leak.as_handed_out and "틀립니다" in leak.advice

    def evaluate_stacked(model, batches):  # the bug's graph, made by stack and sum
        return torch.stack([F.cross_entropy(model(x), y) for x, y in batches]).sum()

    stacked = lab.check_evaluate(evaluate_stacked)
    assert not stacked.ok and not stacked.as_handed_out

    def evaluate_on_a_graph(model, batches):  # numbers summed, but onto a grad-requiring zero
        total = torch.zeros((), requires_grad=True)
        for x, y in batches:
            total = total + F.cross_entropy(model(x), y).detach()
        return total

    on_graph = lab.check_evaluate(evaluate_on_a_graph)
    assert not on_graph.ok and not on_graph.as_handed_out and "숫자" in on_graph.advice

    def softmax_shifted_in_place(logits):  # another in-place version: Exp's output at version 2
        exps = logits - logits.amax(1, keepdim=True)
        exps.exp_()
        exps /= exps.sum(1, keepdim=True)
        return exps

    softmax = lab.check_softmax(softmax_shifted_in_place)
    assert not softmax.ok and not softmax.as_handed_out
