"""The four functions of the autograd_bugs lab, fixed: each test fails on the buggy version.

The fixture ``bugs_module`` is the solution, the generated student version (``--impl=exercise``:
the bugs as handed out) or a student's copy (``--impl=workspace``). The measuring tool (the
saved-tensor tracker) always comes from the solution, so a copy cannot change the ruler.
"""

from __future__ import annotations

import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from labs.deep_learning_pytorch.tensors_and_autograd import autograd_bugs as tools

SETTINGS = settings(max_examples=25, deadline=None)


@settings(max_examples=10, deadline=None)
@given(n_batches=st.integers(2, 8), batch_size=st.integers(1, 16), hidden=st.integers(4, 64),
       seed=st.integers(0, 2**16))
def test_evaluate_keeps_no_graph(bugs_module, n_batches, batch_size, hidden, seed):
    run = tools.measure_evaluate(bugs_module.evaluate, n_batches, batch_size, hidden, seed)
    expected = tools.reference_total(n_batches, batch_size, hidden, seed)
    assert abs(run.total - expected) <= 1e-4 * max(1.0, abs(expected)), (
        f"손실의 합이 {run.total}인데 {expected}여야 합니다"
    )
    assert len(set(run.live_bytes)) == 1, (
        f"batch마다 살아 있는 저장 텐서가 늘어납니다 {run.live_bytes}: 손실을 텐서째 더하면 "
        "total이 모든 batch의 그래프를 붙잡습니다 (loss.item(), torch.no_grad())"
    )
    assert run.after_return == 0 and "grad_fn" not in run.returned, (
        f"돌려준 값({run.returned})이 그래프를 붙잡고 있습니다: 숫자를 돌려주세요"
    )


@SETTINGS
@given(batch=st.integers(1, 5), classes=st.integers(1, 6), scale=st.floats(0.1, 20),
       seed=st.integers(0, 2**16))
def test_softmax_matches_torch_and_backpropagates(bugs_module, batch, classes, scale, seed):
    generator = torch.Generator().manual_seed(seed)
    logits = (scale * torch.randn(batch, classes, generator=generator)).requires_grad_(True)
    weights = torch.randn(batch, classes, generator=generator)
    before = logits.detach().clone()
    probs = bugs_module.softmax(logits)
    assert torch.allclose(probs.detach(), torch.softmax(before, dim=1), atol=1e-6)
    (probs * weights).sum().backward()  # 버그 버전은 여기서 RuntimeError
    reference = before.clone().requires_grad_(True)
    (torch.softmax(reference, dim=1) * weights).sum().backward()
    assert torch.allclose(logits.grad, reference.grad, atol=1e-5), (
        "기울기가 torch.softmax의 기울기와 다릅니다")
    assert torch.equal(logits.detach(), before), "입력 logits를 바꾸면 안 됩니다"


@SETTINGS
@given(n_batches=st.integers(1, 4), batch_size=st.integers(2, 8), features=st.integers(1, 4),
       seed=st.integers(0, 2**16))
def test_normalize_batches_leaves_the_dataset(bugs_module, n_batches, batch_size, features, seed):
    generator = torch.Generator().manual_seed(seed)
    dataset = torch.randn(n_batches * batch_size, features, generator=generator) * 5 + 10
    original = dataset.clone()
    batches = bugs_module.normalize_batches(dataset, batch_size)
    assert torch.equal(dataset, original), (
        "데이터셋이 바뀌었습니다: split이 돌려준 batch는 view라서 -=, /=가 데이터셋을 고칩니다"
    )
    expected = [(b - b.mean(dim=0)) / b.std(dim=0) for b in original.split(batch_size)]
    assert len(batches) == len(expected)
    for got, want in zip(batches, expected, strict=True):
        assert torch.allclose(got, want, atol=1e-5, equal_nan=True)


def fresh_gradient_descent(inputs, targets, lr, steps) -> list[float]:
    """Plain gradient descent with the gradient of each step alone (torch.autograd.grad)."""
    weight = torch.zeros(inputs.shape[1], requires_grad=True)
    bias = torch.zeros(1, requires_grad=True)
    losses = []
    for _ in range(steps):
        loss = ((inputs @ weight + bias - targets) ** 2).mean()
        losses.append(loss.item())
        grad_weight, grad_bias = torch.autograd.grad(loss, [weight, bias])
        with torch.no_grad():
            weight -= lr * grad_weight
            bias -= lr * grad_bias
    return losses


@SETTINGS
@given(rows=st.integers(5, 40), features=st.integers(1, 4), lr=st.floats(0.01, 0.2),
       steps=st.integers(3, 25), seed=st.integers(0, 2**16))
def test_train_uses_each_steps_gradient(bugs_module, rows, features, lr, steps, seed):
    generator = torch.Generator().manual_seed(seed)
    inputs = torch.randn(rows, features, generator=generator)
    targets = inputs @ torch.randn(features, generator=generator) + 0.1 * torch.randn(
        rows, generator=generator)
    losses = bugs_module.train(inputs, targets, lr, steps)
    expected = fresh_gradient_descent(inputs, targets, lr, steps)
    assert torch.allclose(torch.tensor(losses), torch.tensor(expected), rtol=1e-4, atol=1e-6), (
        f"손실이 step마다 새 기울기로 갱신한 경우와 다릅니다: 기대 {expected[:4]}..., 결과 "
        f"{losses[:4]}... (backward() 전에 optimizer.zero_grad())"
    )


def test_the_notebook_checks_pass(bugs_module):
    """The lab notebook's own checks (the solution's check_* functions) say every fix works."""
    verdicts = [tools.check_evaluate(bugs_module.evaluate),
                tools.check_softmax(bugs_module.softmax),
                tools.check_normalize(bugs_module.normalize_batches),
                tools.check_train(bugs_module.train)]
    assert [v.name for v in verdicts if not v.ok] == []
