"""실습: autograd 버그 세 가지를 버그 버전과 수정 버전으로 나란히 재현한다.

1. detach 누락: 평가 손실을 텐서째 더하면 batch마다 계산 그래프가 쌓인다.
2. in-place 수정: (a) 버전 검사 오류, (b) view를 통한 데이터셋 변경, (c) ``.data``로 몰래 고쳐
   틀린 gradient.
3. zero_grad 누락: gradient가 누적되어 momentum 계수 1인 갱신이 된다.

측정 함수(``measure_*``)는 dataclass를 돌려주고, 출력(``print_*``)과 그림(``plot_*``)은 따로
있습니다. 전체 보고서::

    python -m labs.deep_learning_pytorch.tensors_and_autograd.autograd_bugs
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

MIB = 2**20

# ---------------------------------------------------------------------------
# 1. detach 누락
# ---------------------------------------------------------------------------

#: 평가 루프에서 손실을 모으는 세 방식 (버그 버전, 절반 수정, 수정 버전)
LEAK_VARIANTS = (
    "total = total + loss",
    "total = total + loss.item()",
    "torch.no_grad() + loss.item()",
)


class SavedTensorTracker:
    """backward용으로 저장된 텐서 가운데 아직 살아 있는 것의 메모리를 잰다.

    ``torch.autograd.graph.saved_tensors_hooks``의 pack hook이 저장되는 텐서마다 불리므로,
    저장본에 weakref finalizer를 걸어 두면 그래프가 해제되는 순간을 알 수 있다. 같은 storage를
    여러 번 저장해도 한 번만 세고, ``exclude``의 storage(모델 파라미터처럼 그래프가 없어도 살아
    있는 메모리)는 세지 않는다.
    """

    def __init__(self, exclude: Iterable[torch.Tensor] = ()) -> None:
        self._excluded = {t.untyped_storage().data_ptr() for t in exclude}
        self._live: dict[int, tuple[int, int]] = {}  # 저장 번호 -> (storage 주소, 바이트)
        self._count = 0
        self._hooks = torch.autograd.graph.saved_tensors_hooks(self._pack, self._unpack)

    def _pack(self, tensor: torch.Tensor) -> torch.Tensor:
        # detach()는 storage와 버전 번호를 공유하되 grad_fn을 붙잡지 않아 순환 참조가 없다.
        saved = tensor.detach()
        storage = saved.untyped_storage()
        key = self._count
        self._count += 1
        self._live[key] = (storage.data_ptr(), storage.nbytes())
        weakref.finalize(saved, self._live.pop, key, None)
        return saved

    @staticmethod
    def _unpack(saved: torch.Tensor) -> torch.Tensor:
        return saved

    def live_bytes(self) -> int:
        storages = {ptr: size for ptr, size in self._live.values() if ptr not in self._excluded}
        return sum(storages.values())

    def __enter__(self) -> SavedTensorTracker:
        self._hooks.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self._hooks.__exit__(*exc)


@dataclass(frozen=True)
class LeakRun:
    """한 방식으로 평가했을 때, batch마다 잰 살아 있는 저장 텐서의 크기."""

    variant: str
    live_bytes: list[int]  # i번째 값: batch i+1개를 처리한 직후
    total: float  # 평가 손실의 합 (세 방식 모두 같아야 한다)

    @property
    def live_mib(self) -> list[float]:
        return [b / MIB for b in self.live_bytes]

    @property
    def final_mib(self) -> float:
        return self.live_bytes[-1] / MIB


@dataclass(frozen=True)
class LeakReport:
    n_batches: int
    batch_size: int
    runs: list[LeakRun]

    def run(self, variant: str) -> LeakRun:
        return next(r for r in self.runs if r.variant == variant)


def make_classifier(in_features: int = 64, hidden: int = 1024, classes: int = 10) -> nn.Module:
    """평가할 작은 분류기 (B, in_features) -> (B, classes)."""
    return nn.Sequential(nn.Linear(in_features, hidden), nn.ReLU(), nn.Linear(hidden, classes))


def _evaluate(model: nn.Module, batches, variant: str, tracker: SavedTensorTracker) -> LeakRun:
    live: list[int] = []
    total: torch.Tensor | float = 0.0
    for inputs, labels in batches:  # (B, in_features), (B,)
        if variant == LEAK_VARIANTS[0]:
            loss = F.cross_entropy(model(inputs), labels)
            total = total + loss  # 버그: total이 매 batch의 그래프를 붙잡는다
        elif variant == LEAK_VARIANTS[1]:
            loss = F.cross_entropy(model(inputs), labels)
            total = total + loss.item()  # 숫자만 더한다. 변수 loss는 마지막 그래프를 가리킨다
        else:
            with torch.no_grad():  # 그래프를 아예 만들지 않는다
                loss = F.cross_entropy(model(inputs), labels)
            total = total + loss.item()
        live.append(tracker.live_bytes())
    total = total.detach() if isinstance(total, torch.Tensor) else torch.tensor(total)
    return LeakRun(variant, live, total.item())


def _batches(n_batches: int, batch_size: int, in_features: int, classes: int, seed: int):
    generator = torch.Generator().manual_seed(seed)
    for _ in range(n_batches):
        inputs = torch.randn(batch_size, in_features, generator=generator)  # (B, in_features)
        labels = torch.randint(classes, (batch_size,), generator=generator)  # (B,)
        yield inputs, labels


def measure_detach_leak(
    n_batches: int = 50,
    batch_size: int = 256,
    in_features: int = 64,
    hidden: int = 1024,
    classes: int = 10,
    seed: int = 0,
) -> LeakReport:
    """평가 루프 세 방식을 같은 batch로 실행하고 그래프가 붙잡은 메모리를 batch마다 잰다."""
    torch.manual_seed(seed)
    model = make_classifier(in_features, hidden, classes)
    runs = []
    for variant in LEAK_VARIANTS:
        # 세 방식이 같은 batch를 받도록 매번 같은 seed의 새 텐서를 만든다 (DataLoader처럼).
        batches = _batches(n_batches, batch_size, in_features, classes, seed)
        with SavedTensorTracker(exclude=model.parameters()) as tracker:
            runs.append(_evaluate(model, batches, variant, tracker))
    return LeakReport(n_batches, batch_size, runs)


# ---------------------------------------------------------------------------
# 2. in-place 수정
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class VersionError:
    """(a) sigmoid 출력을 mul_로 고친 뒤 backward."""

    version_before: int
    version_after: int
    message: str  # backward가 낸 RuntimeError의 실제 메시지


@dataclass(frozen=True)
class ViewNormalization:
    """(b) 데이터셋의 view인 batch를 제자리에서 정규화하면 데이터셋이 바뀐다."""

    mean_before: float
    mean_after_inplace: float  # batch -= ...; batch /= ... 뒤 데이터셋 평균
    mean_after_new_tensor: float  # batch = (batch - ...) / ... 뒤 데이터셋 평균


@dataclass(frozen=True)
class DataGradient:
    """(c) s.data.mul_(2)는 오류 없이 틀린 gradient를 낸다."""

    a: list[float]
    grad_data_mul: list[float]  # s.data.mul_(2) 뒤 a.grad (틀림)
    grad_fixed: list[float]  # s = s * 2 뒤 a.grad (맞음)
    formula_wrong: list[float]  # 2s(1-2s): backward가 고친 s를 s(1-s)에 넣은 값
    formula_right: list[float]  # 2s(1-s)


@dataclass(frozen=True)
class InplaceReport:
    version_error: VersionError
    view_normalization: ViewNormalization
    data_gradient: DataGradient


def measure_version_error(a: Iterable[float] = (0.5, -1.0, 2.0)) -> VersionError:
    a = torch.tensor(list(a), requires_grad=True)
    s = torch.sigmoid(a)  # backward에 출력 s 자신이 필요하다
    before = s._version
    s.mul_(2)  # in-place: 버전 번호가 오른다
    after = s._version
    try:
        s.sum().backward()
    except RuntimeError as error:
        return VersionError(before, after, str(error))
    raise AssertionError("backward should have raised: the saved sigmoid output was modified")


def make_dataset(seed: int = 0, rows: int = 64, features: int = 3) -> torch.Tensor:
    """평균이 약 10인 데이터셋 (rows, features)."""
    torch.manual_seed(seed)
    return torch.randn(rows, features) * 5 + 10


def measure_view_normalization(batch_size: int = 16) -> ViewNormalization:
    dataset = make_dataset()  # (N, F)
    before = dataset.mean().item()
    for batch in dataset.split(batch_size):  # 각 batch는 dataset의 view
        batch -= batch.mean(dim=0)  # 버그: 데이터셋을 제자리에서 바꾼다
        batch /= batch.std(dim=0)
    after_inplace = dataset.mean().item()

    dataset = make_dataset()
    for batch in dataset.split(batch_size):
        batch = (batch - batch.mean(dim=0)) / batch.std(dim=0)  # 수정: 새 텐서를 만든다
    after_new = dataset.mean().item()
    return ViewNormalization(before, after_inplace, after_new)


def measure_data_gradient(a: Iterable[float] = (0.5, -1.0, 2.0)) -> DataGradient:
    values = list(a)

    a_bug = torch.tensor(values, requires_grad=True)
    s = torch.sigmoid(a_bug)
    s.data.mul_(2)  # 버그: autograd가 모르는 수정. 버전 번호가 그대로다
    s.sum().backward()

    a_fix = torch.tensor(values, requires_grad=True)
    s_fix = torch.sigmoid(a_fix)
    s_fix = s_fix * 2  # 수정: 새 텐서. backward는 원래 s를 쓴다
    s_fix.sum().backward()

    sig = torch.sigmoid(torch.tensor(values))
    return DataGradient(
        a=values,
        grad_data_mul=a_bug.grad.tolist(),
        grad_fixed=a_fix.grad.tolist(),
        formula_wrong=(2 * sig * (1 - 2 * sig)).tolist(),
        formula_right=(2 * sig * (1 - sig)).tolist(),
    )


def measure_inplace() -> InplaceReport:
    return InplaceReport(measure_version_error(), measure_view_normalization(),
                         measure_data_gradient())


# ---------------------------------------------------------------------------
# 3. zero_grad 누락
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ZeroGradReport:
    lr: float
    steps: int
    with_zero_grad: list[float]  # step마다 갱신 전 손실
    without_zero_grad: list[float]
    momentum_one: list[float]  # zero_grad를 하고 SGD(momentum=1, dampening=0)로 학습

    def table(self, steps: Iterable[int] = (0, 5, 10, 20, 29)) -> list[tuple[int, float, float]]:
        return [(k, self.with_zero_grad[k], self.without_zero_grad[k]) for k in steps]


def make_regression(seed: int = 0, rows: int = 100) -> tuple[torch.Tensor, torch.Tensor]:
    """y = 2 x1 - 1.5 x2 + x3 + 0.5 + 잡음. X (rows, 3), y (rows,)."""
    torch.manual_seed(seed)
    inputs = torch.randn(rows, 3)
    targets = inputs @ torch.tensor([2.0, -1.5, 1.0]) + 0.5 + 0.1 * torch.randn(rows)
    return inputs, targets


def _train(inputs, targets, lr, steps, zero_grad: bool, momentum: float = 0.0) -> list[float]:
    weight = torch.zeros(3, requires_grad=True)  # (3,)
    bias = torch.zeros(1, requires_grad=True)  # (1,)
    optimizer = torch.optim.SGD([weight, bias], lr=lr, momentum=momentum)
    losses = []
    for _ in range(steps):
        if zero_grad:
            optimizer.zero_grad()
        loss = ((inputs @ weight + bias - targets) ** 2).mean()
        losses.append(loss.item())
        loss.backward()
        optimizer.step()
    return losses


def measure_zero_grad(lr: float = 0.1, steps: int = 30) -> ZeroGradReport:
    inputs, targets = make_regression()
    return ZeroGradReport(
        lr=lr,
        steps=steps,
        with_zero_grad=_train(inputs, targets, lr, steps, zero_grad=True),
        without_zero_grad=_train(inputs, targets, lr, steps, zero_grad=False),
        momentum_one=_train(inputs, targets, lr, steps, zero_grad=True, momentum=1.0),
    )


# ---------------------------------------------------------------------------
# 출력
# ---------------------------------------------------------------------------


def _first_line(message: str) -> str:
    return message.strip().splitlines()[0]


def print_leak(report: LeakReport) -> None:
    print(f"[1] 평가 손실 합산과 그래프 메모리 (batch {report.n_batches}개 뒤 살아 있는 "
          "backward용 저장 텐서)")
    for run in report.runs:
        print(f"  {run.variant:<30}: {run.final_mib:6.1f} MiB")


def print_inplace(report: InplaceReport) -> None:
    print("[2] in-place 수정")
    error = report.version_error
    print(f"  sigmoid 출력을 mul_로 수정 (버전 {error.version_before} -> {error.version_after}) "
          f"후 backward : RuntimeError")
    print(f"    {_first_line(error.message)}")
    view = report.view_normalization
    print(f"  view를 제자리 정규화: 데이터셋 평균 {view.mean_before:.3f} -> "
          f"{abs(view.mean_after_inplace):.3f}  (오류 없이 원본이 바뀜)")
    print(f"  새 텐서로 정규화    : 데이터셋 평균 {view.mean_before:.3f} -> "
          f"{view.mean_after_new_tensor:.3f}")
    grad = report.data_gradient
    print(f"  a = {grad.a}")
    print(f"  s.data.mul_(2) 후 a.grad : {_fmt(grad.grad_data_mul)} (틀림, 오류 없음)")
    print(f"  s = s * 2      후 a.grad : {_fmt(grad.grad_fixed)} (맞음)")


def _fmt(values: list[float]) -> str:
    return "[" + "  ".join(f"{v:.4f}" for v in values) + "]"


def print_zero_grad(report: ZeroGradReport) -> None:
    print(f"[3] zero_grad 누락 (선형회귀, SGD lr={report.lr})")
    for step, with_zero, without in report.table():
        print(f"  step {step:2d}  zero_grad 있음 {with_zero:8.4f}   없음 {without:8.4f}")


def print_report(leak: LeakReport, inplace: InplaceReport, zero_grad: ZeroGradReport) -> None:
    print_leak(leak)
    print_inplace(inplace)
    print_zero_grad(zero_grad)


# ---------------------------------------------------------------------------
# 그림 (matplotlib는 그릴 때만 import한다)
# ---------------------------------------------------------------------------


def plot_leak(report: LeakReport):
    """batch 수에 따른 살아 있는 저장 텐서 크기. matplotlib Figure를 돌려준다."""
    import matplotlib.pyplot as plt

    from bookkit.plots import use_korean_font

    use_korean_font()
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    batches = range(1, report.n_batches + 1)
    for run, marker in zip(report.runs, ("o", "s", "^"), strict=True):
        ax.plot(batches, run.live_mib, marker=marker, markersize=3, label=run.variant)
    ax.set_xlabel("처리한 batch 수")
    ax.set_ylabel("살아 있는 저장 텐서 (MiB)")
    ax.set_title("detach 누락: 그래프가 batch마다 쌓인다")
    ax.legend()
    ax.grid(alpha=0.3)
    return fig


def plot_zero_grad(report: ZeroGradReport):
    """zero_grad 유무에 따른 손실 곡선. matplotlib Figure를 돌려준다."""
    import matplotlib.pyplot as plt

    from bookkit.plots import use_korean_font

    use_korean_font()
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    steps = range(report.steps)
    ax.plot(steps, report.with_zero_grad, marker="o", markersize=3, label="zero_grad 있음")
    ax.plot(steps, report.without_zero_grad, marker="s", markersize=3, label="zero_grad 없음")
    ax.set_yscale("log")
    ax.set_xlabel("step")
    ax.set_ylabel("손실 (MSE, 로그 눈금)")
    ax.set_title(f"zero_grad 누락: SGD lr={report.lr}")
    ax.legend()
    ax.grid(alpha=0.3)
    return fig


def main() -> None:
    print_report(measure_detach_leak(), measure_inplace(), measure_zero_grad())


if __name__ == "__main__":
    main()
