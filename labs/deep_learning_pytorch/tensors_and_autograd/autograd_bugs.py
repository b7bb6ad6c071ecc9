"""실습: 네 함수에 숨은 세 종류의 autograd 버그를 재현하고 고친다.

1. detach 누락: 평가 손실을 텐서째 더하면 batch마다 계산 그래프가 쌓인다.
2. in-place 수정: (a) 버전 검사 오류, (b) 뷰를 통한 데이터셋 변경, (c) ``.data``로 몰래 고쳐
   틀린 gradient.
3. zero_grad 누락: gradient가 누적되어 momentum 계수 1인 갱신이 된다.

학생이 고칠 함수는 네 개다(``evaluate``, ``softmax``, ``normalize_batches``, ``train``).
풀이 ``tensors_and_autograd/autograd_bugs.py``에는 고친 버전이, 학생용 파일
``tensors_and_autograd/exercises/autograd_bugs.py``에는 버그 버전이 들어 있다. 학생용 파일은
``scripts/make_exercise_stubs.py``가 풀이에서 만들고, ``scripts/make_lab_notebook.py``가 학생용
파일의 ``--8<--`` 구역들을 실습 노트북(docs/labs/autograd-bugs.md)에 싣는다. 그래서 노트북은
이 패키지 없이 torch, numpy, matplotlib만으로 돌아간다.

측정 함수(``measure_*``)는 dataclass를 돌려주고, 출력(``print_*``)과 그림(``plot_*``)은 따로
있다. 점검 함수(``check_*``)는 고칠 함수를 받아 고쳐졌는지 판정한다. 전체 보고서::

    python -m labs.deep_learning_pytorch.tensors_and_autograd.autograd_bugs
"""

# --8<-- [start:setup]
from __future__ import annotations

import warnings
import weakref
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import torch
import torch.nn.functional as F
from torch import nn

MIB = 2**20


@dataclass(frozen=True)
class Verdict:
    """점검 하나의 결과: 고쳐졌는가, 그리고 무엇을 보았는가."""

    name: str
    ok: bool
    findings: list[str] = field(default_factory=list)
    advice: str = ""
    values: dict = field(default_factory=dict)  # 판정에 쓴 숫자들
    # 나눠 준 그대로의 버그가 하는 일을 그대로 했는가 (고친 함수는 맞든 틀리든 False)
    as_handed_out: bool = False

    def show(self) -> Verdict:
        for line in self.findings:
            print(" ", line)
        if self.ok:
            print(f"[통과] {self.name}: 고쳐졌습니다. {self.advice}".rstrip())
        else:
            print(f"[아직] {self.name}: {self.advice}")
        return self


# 그림의 한글: 이 책의 저장소에서 실행하면 책의 글꼴을, 아니면 설치된 한글 글꼴을 찾는다.
FONT_FILES = (Path("bookkit/fonts/Pretendard-Regular.ttf"),)
KOREAN_FONTS = ("Pretendard", "NanumGothic", "Noto Sans CJK KR", "Noto Sans KR",
                "Apple SD Gothic Neo", "AppleGothic", "Malgun Gothic")


def use_korean_font() -> bool:
    """한글을 그릴 수 있는 글꼴을 matplotlib 기본 글꼴로 정한다. 찾았으면 ``True``."""
    import matplotlib
    from matplotlib import font_manager

    for path in FONT_FILES:
        if path.is_file():
            font_manager.fontManager.addfont(str(path))
            matplotlib.rcParams["font.family"] = font_manager.FontProperties(fname=path).get_name()
            return True
    installed = {font.name for font in font_manager.fontManager.ttflist}
    for name in KOREAN_FONTS:
        if name in installed:
            matplotlib.rcParams["font.family"] = name
            return True
    warnings.filterwarnings("ignore", message=r"Glyph \d+ .* missing from font")
    print("한글 글꼴을 찾지 못했습니다. 그림의 한글 글자는 네모로 보일 수 있습니다.")
    return False


def show_figure(fig) -> None:
    """그림을 대체 텍스트(그림의 label: 그림이 보여 주는 숫자)와 함께 노트북에 보여 준다.

    대체 텍스트는 출력의 ``alt`` 메타데이터로 붙는다. nbconvert가 만든 HTML(이 책의 실습
    페이지)에서는 화면 읽기 프로그램이 그림 대신 이것을 읽지만, JupyterLab은 아직 이 값을
    쓰지 않는다.
    """
    import matplotlib.pyplot as plt
    from IPython.display import display

    if not fig.get_label():
        raise ValueError("그림에 label(대체 텍스트)이 없습니다: fig.set_label(...)")
    display(fig, metadata={"image/png": {"alt": fig.get_label()}})
    plt.close(fig)


def _span(values: list[float]) -> str:
    low, high = min(values), max(values)
    return f"{values[0]:.3g}에서 {values[-1]:.3g}까지(최소 {low:.3g}, 최대 {high:.3g})"
# --8<-- [end:setup]


# ---------------------------------------------------------------------------
# 1. detach 누락
# ---------------------------------------------------------------------------

# --8<-- [start:leak-tools]
class SavedTensorTracker:
    """역전파용으로 저장된 텐서 가운데 아직 살아 있는 것의 메모리를 잰다.

    ``torch.autograd.graph.saved_tensors_hooks``의 pack hook이 저장되는 텐서마다 불리므로,
    저장본에 weakref finalizer를 걸어 두면 그래프가 해제되는 순간을 알 수 있다. 같은 storage를
    여러 번 저장해도 한 번만 세고, ``exclude``의 storage(모델 매개변수처럼 그래프가 없어도 살아
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


def make_classifier(in_features: int = 64, hidden: int = 1024, classes: int = 10) -> nn.Module:
    """평가할 작은 분류기 (B, in_features) -> (B, classes)."""
    return nn.Sequential(nn.Linear(in_features, hidden), nn.ReLU(), nn.Linear(hidden, classes))


def make_batches(n_batches: int, batch_size: int, in_features: int = 64, classes: int = 10,
                 seed: int = 0) -> list[tuple[torch.Tensor, torch.Tensor]]:
    """같은 seed면 같은 평가 batch들: (inputs (B, in_features), labels (B,))의 리스트."""
    generator = torch.Generator().manual_seed(seed)
    return [(torch.randn(batch_size, in_features, generator=generator),
             torch.randint(classes, (batch_size,), generator=generator))
            for _ in range(n_batches)]


@dataclass(frozen=True)
class LeakRun:
    """한 방식으로 평가했을 때, batch마다 잰 살아 있는 저장 텐서의 크기."""

    variant: str
    live_bytes: list[int]  # i번째 값: batch i+1개를 처리한 직후
    total: float  # 평가 손실의 합 (세 방식 모두 같아야 한다)
    after_return: int = 0  # 평가 함수가 돌려준 값을 쥐고 있는 동안 살아 있는 저장 텐서
    returned: str = "float"  # 돌려준 값의 종류, 예: "Tensor (grad_fn=AddBackward0)"

    @property
    def live_mib(self) -> list[float]:
        return [b / MIB for b in self.live_bytes]

    @property
    def final_mib(self) -> float:
        return self.live_bytes[-1] / MIB


def _watched(batches, tracker: SavedTensorTracker, live: list[int]) -> Iterator:
    """batch를 하나씩 내주고, 루프가 다음 batch를 달라고 할 때(앞 batch를 다 처리했을 때)
    살아 있는 저장 텐서를 잰다."""
    for batch in batches:
        yield batch
        live.append(tracker.live_bytes())


def measure_evaluate(evaluate_fn, n_batches: int = 20, batch_size: int = 64,
                     hidden: int = 256, seed: int = 0, variant: str = "evaluate") -> LeakRun:
    """평가 함수 ``evaluate_fn(model, batches)``를 실행하며 batch마다 그래프 메모리를 잰다."""
    torch.manual_seed(seed)
    model = make_classifier(hidden=hidden)
    batches = make_batches(n_batches, batch_size, seed=seed)
    live: list[int] = []
    with SavedTensorTracker(exclude=model.parameters()) as tracker:
        result = evaluate_fn(model, _watched(batches, tracker, live))
        after = tracker.live_bytes()
    returned = type(result).__name__
    if isinstance(result, torch.Tensor):
        if result.grad_fn is not None:
            returned += f" (grad_fn={type(result.grad_fn).__name__})"
        result = result.detach()
    return LeakRun(variant, live, float(result), after, returned)


def reference_total(n_batches: int = 20, batch_size: int = 64, hidden: int = 256,
                    seed: int = 0) -> float:
    """``measure_evaluate``와 같은 모델과 batch로, 그래프 없이 계산한 손실의 합."""
    torch.manual_seed(seed)
    model = make_classifier(hidden=hidden)
    with torch.no_grad():
        return sum(F.cross_entropy(model(inputs), labels).item()
                   for inputs, labels in make_batches(n_batches, batch_size, seed=seed))


def check_evaluate(evaluate_fn, n_batches: int = 20) -> Verdict:
    """``evaluate``가 고쳐졌는가: 값은 맞고, 그래프가 쌓이지 않고, 돌려준 값이 그래프를
    붙잡지 않아야 한다."""
    run = measure_evaluate(evaluate_fn, n_batches=n_batches)
    expected = reference_total(n_batches=n_batches)
    live = run.live_mib
    findings = [
        f"손실의 합 {run.total:.4f} (그래프 없이 계산한 값 {expected:.4f})",
        f"batch 1개, {n_batches // 2}개, {n_batches}개 뒤 살아 있는 저장 텐서: "
        f"{live[0]:.2f}, {live[n_batches // 2 - 1]:.2f}, {live[-1]:.2f} MiB",
        f"돌려준 값: {run.returned}",
    ]
    grows = len(set(run.live_bytes)) > 1
    holds = run.after_return > 0
    graph = "grad_fn=" in run.returned  # 돌려준 값이 그래프에 이어진 텐서
    correct = abs(run.total - expected) <= 1e-4 * max(1.0, abs(expected))
    if grows:
        advice = ("batch마다 계산 그래프가 쌓입니다. 손실은 숫자로(loss.item()) 더하고, "
                  "평가는 torch.no_grad() 안에서 합니다.")
    elif holds or graph:
        advice = ("그래프가 쌓이지는 않지만 돌려준 값이 그래프에 이어진 텐서입니다. "
                  "손실의 합을 숫자(float)로 돌려줍니다.")
    elif not correct:
        advice = "그래프는 쌓이지 않지만 손실의 합이 틀립니다."
    elif run.live_bytes[0] > 0:
        advice = ("(평가에는 그래프가 필요 없으니 torch.no_grad() 안에서 계산하면 "
                  "batch마다 그래프를 만들지도 않습니다.)")
    else:
        advice = ""
    values = {"total": run.total, "expected": expected, "live_bytes": run.live_bytes,
              "after_return": run.after_return}
    live_bytes = run.live_bytes
    handed_out = (abs(run.total - expected) < 1e-3 and live_bytes == sorted(live_bytes)
                  and live_bytes[0] > 0
                  and live_bytes[-1] == n_batches * live_bytes[0]
                  and "grad_fn=AddBackward0" in run.returned)  # 나눠 준 버그가 하는 일 그대로
    return Verdict("evaluate", correct and not grows and not holds and not graph, findings,
                   advice, values, as_handed_out=handed_out)
# --8<-- [end:leak-tools]


# --8<-- [start:evaluate]
def evaluate(model: nn.Module, batches) -> float:
    """평가 batch들의 손실(cross entropy)을 모두 더해 돌려준다. 모델은 학습하지 않는다."""
    # BEGIN ANSWER
    total = 0.0
    with torch.no_grad():  # 평가에는 그래프가 필요 없다
        for inputs, labels in batches:  # (B, in_features), (B,)
            loss = F.cross_entropy(model(inputs), labels)
            total = total + loss.item()  # 숫자만 더한다
    return total
    # STUDENT STARTS WITH
    # total = 0.0
    # for inputs, labels in batches:  # (B, in_features), (B,)
    #     loss = F.cross_entropy(model(inputs), labels)
    #     total = total + loss
    # return total
    # END ANSWER
# --8<-- [end:evaluate]


# --8<-- [start:leak-findings]
#: 평가 루프에서 손실을 모으는 세 방식 (버그 버전, 절반 수정, 수정 버전)
LEAK_VARIANTS = (
    "total = total + loss",
    "total = total + loss.item()",
    "torch.no_grad() + loss.item()",
)


def sum_as_tensor(model, batches):
    total = 0.0
    for inputs, labels in batches:
        loss = F.cross_entropy(model(inputs), labels)
        total = total + loss  # total이 매 batch의 그래프를 붙잡는다
    return total


def sum_item(model, batches):
    total = 0.0
    for inputs, labels in batches:
        loss = F.cross_entropy(model(inputs), labels)
        total = total + loss.item()  # 숫자만 더한다. 변수 loss는 마지막 그래프를 가리킨다
    return total


def sum_item_no_grad(model, batches):
    total = 0.0
    for inputs, labels in batches:
        with torch.no_grad():  # 그래프를 아예 만들지 않는다
            loss = F.cross_entropy(model(inputs), labels)
        total = total + loss.item()
    return total


@dataclass(frozen=True)
class LeakReport:
    n_batches: int
    batch_size: int
    runs: list[LeakRun]

    def run(self, variant: str) -> LeakRun:
        return next(r for r in self.runs if r.variant == variant)


def measure_detach_leak(n_batches: int = 50, batch_size: int = 256, hidden: int = 1024,
                        seed: int = 0) -> LeakReport:
    """평가 루프 세 방식을 같은 모델과 batch로 실행하고 그래프가 붙잡은 메모리를 batch마다 잰다."""
    functions = (sum_as_tensor, sum_item, sum_item_no_grad)
    runs = [measure_evaluate(function, n_batches, batch_size, hidden, seed, variant)
            for variant, function in zip(LEAK_VARIANTS, functions, strict=True)]
    return LeakReport(n_batches, batch_size, runs)


def print_leak(report: LeakReport) -> None:
    print(f"[1] 평가 손실 합산과 그래프 메모리 (batch {report.n_batches}개 뒤 살아 있는 "
          "backward용 저장 텐서)")
    for run in report.runs:
        print(f"  {run.variant:<30}: {run.final_mib:6.1f} MiB")


def plot_leak(report: LeakReport):
    """batch 수에 따른 살아 있는 저장 텐서 크기. matplotlib Figure를 돌려준다."""
    import matplotlib.pyplot as plt

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
    lines = "; ".join(f"{run.variant}: {_span(run.live_mib)} MiB" for run in report.runs)
    fig.set_label(f"선 그래프 '{ax.get_title()}'. 처리한 batch 수 1~{report.n_batches}에 따라 "
                  f"살아 있는 저장 텐서(MiB): {lines}.")
    return fig
# --8<-- [end:leak-findings]


# ---------------------------------------------------------------------------
# 2. in-place 수정
# ---------------------------------------------------------------------------

# --8<-- [start:inplace-tools]
def first_line(message: str) -> str:
    return message.strip().splitlines()[0]


def make_dataset(seed: int = 0, rows: int = 64, features: int = 3) -> torch.Tensor:
    """평균이 약 10인 데이터셋 (rows, features)."""
    torch.manual_seed(seed)
    return torch.randn(rows, features) * 5 + 10


def check_softmax(softmax_fn) -> Verdict:
    """``softmax``가 고쳐졌는가: 값과 기울기가 ``torch.softmax``와 같아야 한다."""
    generator = torch.Generator().manual_seed(0)
    logits = torch.randn(4, 5, generator=generator, requires_grad=True)  # (B, C)
    weights = torch.randn(4, 5, generator=generator)  # 출력 쪽 기울기로 쓸 값
    probs = softmax_fn(logits)
    expected = torch.softmax(logits.detach(), dim=1)
    findings = [f"출력이 torch.softmax와 같은가: {torch.allclose(probs.detach(), expected)}"]
    try:
        (probs * weights).sum().backward()
    except RuntimeError as error:
        message = first_line(str(error)).split(" Hint:")[0]
        findings.append(f"backward: RuntimeError: {message}")
        return Verdict("softmax", False, findings,
                       "역전파가 쓸 값(exp의 출력)을 제자리에서 고쳤습니다. 새 텐서를 만듭니다.",
                       as_handed_out="modified by an inplace operation" in message
                       and "output 0 of Exp, is at version 1" in message
                       and torch.allclose(probs.detach(), expected))
    reference = logits.detach().clone().requires_grad_(True)
    (torch.softmax(reference, dim=1) * weights).sum().backward()
    same_grad = logits.grad is not None and torch.allclose(logits.grad, reference.grad, atol=1e-6)
    findings.append(f"기울기가 torch.softmax의 기울기와 같은가: {same_grad}")
    ok = same_grad and torch.allclose(probs.detach(), expected)
    return Verdict("softmax", ok, findings, "" if ok else "값이나 기울기가 다릅니다.")


def check_normalize(normalize_fn, batch_size: int = 16) -> Verdict:
    """``normalize_batches``가 고쳐졌는가: batch는 정규화되고 데이터셋은 그대로여야 한다."""
    dataset = make_dataset()  # (N, F)
    original = dataset.clone()
    batches = normalize_fn(dataset, batch_size)
    expected = [(b - b.mean(dim=0)) / b.std(dim=0) for b in original.split(batch_size)]
    normalized = len(batches) == len(expected) and all(
        torch.allclose(got, want, atol=1e-5) for got, want in zip(batches, expected, strict=True))
    unchanged = torch.equal(dataset, original)
    findings = [
        f"batch {len(batches)}개가 평균 0, 표준편차 1로 정규화되었는가: {normalized}",
        f"데이터셋 평균: 부르기 전 {original.mean().item():.3f}, "
        f"부른 뒤 {abs(dataset.mean().item()):.3f}",
    ]
    if not unchanged:
        advice = ("batch가 데이터셋의 view라서 제자리 연산(-=, /=)이 데이터셋을 바꿉니다. "
                  "새 텐서를 만듭니다.")
    else:
        advice = "" if normalized else "batch가 제대로 정규화되지 않았습니다."
    values = {"mean_before": original.mean().item(), "mean_after": dataset.mean().item()}
    return Verdict("normalize_batches", normalized and unchanged, findings, advice, values,
                   as_handed_out=normalized and abs(dataset.mean().item()) < 5e-4)
# --8<-- [end:inplace-tools]


# --8<-- [start:softmax]
def softmax(logits: torch.Tensor) -> torch.Tensor:
    """클래스 축(1번 축)을 따라 합이 1이 되는 확률. (B, C) -> (B, C). 역전파할 수 있어야 한다."""
    # BEGIN ANSWER
    exps = (logits - logits.amax(dim=1, keepdim=True)).exp()  # exp는 출력을 저장해 둔다
    return exps / exps.sum(dim=1, keepdim=True)  # 새 텐서: 저장된 exps는 그대로
    # STUDENT STARTS WITH
    # exps = (logits - logits.amax(dim=1, keepdim=True)).exp()
    # exps /= exps.sum(dim=1, keepdim=True)
    # return exps
    # END ANSWER
# --8<-- [end:softmax]


# --8<-- [start:normalize]
def normalize_batches(dataset: torch.Tensor, batch_size: int) -> list[torch.Tensor]:
    """데이터셋 (N, F)을 batch_size행씩 나눠, batch마다 특성별 평균 0, 표준편차 1로 맞춘
    batch들의 리스트를 돌려준다. 데이터셋은 바꾸지 않는다."""
    batches = []
    for batch in dataset.split(batch_size):  # 각 batch는 dataset의 뷰
        # BEGIN ANSWER
        batch = (batch - batch.mean(dim=0)) / batch.std(dim=0)  # 새 텐서를 만든다
        # STUDENT STARTS WITH
        # batch -= batch.mean(dim=0)
        # batch /= batch.std(dim=0)
        # END ANSWER
        batches.append(batch)
    return batches
# --8<-- [end:normalize]


# --8<-- [start:inplace-findings]
@dataclass(frozen=True)
class VersionError:
    """(a) sigmoid 출력을 mul_로 고친 뒤 역전파."""

    version_before: int
    version_after: int
    message: str  # 역전파가 낸 RuntimeError의 실제 메시지


@dataclass(frozen=True)
class ViewNormalization:
    """(b) 데이터셋의 뷰인 batch를 제자리에서 정규화하면 데이터셋이 바뀐다."""

    mean_before: float
    mean_after_inplace: float  # batch -= ...; batch /= ... 뒤 데이터셋 평균
    mean_after_new_tensor: float  # batch = (batch - ...) / ... 뒤 데이터셋 평균


@dataclass(frozen=True)
class DataGradient:
    """(c) s.data.mul_(2)는 오류 없이 틀린 gradient를 낸다."""

    a: list[float]
    grad_data_mul: list[float]  # s.data.mul_(2) 뒤 a.grad (틀림)
    grad_fixed: list[float]  # s = s * 2 뒤 a.grad (맞음)
    formula_wrong: list[float]  # 2s(1-2s): 역전파가 고친 s를 s(1-s)에 넣은 값
    formula_right: list[float]  # 2s(1-s)


@dataclass(frozen=True)
class InplaceReport:
    version_error: VersionError
    view_normalization: ViewNormalization
    data_gradient: DataGradient


def measure_version_error(a: Iterable[float] = (0.5, -1.0, 2.0)) -> VersionError:
    a = torch.tensor(list(a), requires_grad=True)
    s = torch.sigmoid(a)  # 역전파에 출력 s 자신이 필요하다
    before = s._version
    s.mul_(2)  # in-place: 버전 번호가 오른다
    after = s._version
    try:
        s.sum().backward()
    except RuntimeError as error:
        return VersionError(before, after, str(error))
    raise AssertionError("backward should have raised: the saved sigmoid output was modified")


def measure_view_normalization(batch_size: int = 16) -> ViewNormalization:
    dataset = make_dataset()  # (N, F)
    before = dataset.mean().item()
    for batch in dataset.split(batch_size):  # 각 batch는 dataset의 뷰
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
    s_fix = s_fix * 2  # 수정: 새 텐서. 역전파는 원래 s를 쓴다
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


def _fmt(values: list[float]) -> str:
    return "[" + ", ".join(f"{v:.4f}" for v in values) + "]"


def print_inplace(report: InplaceReport) -> None:
    print("[2] in-place 수정")
    error = report.version_error
    print(f"  sigmoid 출력을 mul_로 수정 (버전 {error.version_before} -> {error.version_after}) "
          f"후 backward : RuntimeError")
    print(f"    {first_line(error.message)}")
    view = report.view_normalization
    print(f"  view를 제자리 정규화: 데이터셋 평균 {view.mean_before:.3f} -> "
          f"{abs(view.mean_after_inplace):.3f} (오류 없이 원본이 바뀜)")
    print(f"  새 텐서로 정규화: 데이터셋 평균 {view.mean_before:.3f} -> "
          f"{view.mean_after_new_tensor:.3f}")
    grad = report.data_gradient
    print(f"  a = {grad.a}")
    print(f"  s.data.mul_(2) 후 a.grad: {_fmt(grad.grad_data_mul)} (틀림, 오류 없음)")
    print(f"  s = s * 2 후 a.grad: {_fmt(grad.grad_fixed)} (맞음)")
# --8<-- [end:inplace-findings]


# ---------------------------------------------------------------------------
# 3. zero_grad 누락
# ---------------------------------------------------------------------------

# --8<-- [start:zero-grad-tools]
def make_regression(seed: int = 0, rows: int = 100) -> tuple[torch.Tensor, torch.Tensor]:
    """y = 2 x1 - 1.5 x2 + x3 + 0.5 + 잡음. X (rows, 3), y (rows,)."""
    torch.manual_seed(seed)
    inputs = torch.randn(rows, 3)
    targets = inputs @ torch.tensor([2.0, -1.5, 1.0]) + 0.5 + 0.1 * torch.randn(rows)
    return inputs, targets


def train_variant(inputs, targets, lr, steps, zero_grad: bool, momentum: float = 0.0):
    """``train``과 같은 학습. ``zero_grad``를 부를지와 momentum을 고를 수 있다."""
    weight = torch.zeros(inputs.shape[1], requires_grad=True)  # (F,)
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


def check_train(train_fn, lr: float = 0.1, steps: int = 30) -> Verdict:
    """``train``이 고쳐졌는가: step마다 그 step의 기울기만으로 갱신해야 한다."""
    inputs, targets = make_regression()
    losses = train_fn(inputs, targets, lr, steps)
    expected = train_variant(inputs, targets, lr, steps, zero_grad=True)
    accumulated = train_variant(inputs, targets, lr, steps, zero_grad=False)  # 나눠 준 버그

    def matches(reference: list[float]) -> bool:
        return len(losses) == steps and all(
            abs(got - want) <= 1e-4 * max(1.0, want)
            for got, want in zip(losses, reference, strict=True))

    same, handed_out = matches(expected), matches(accumulated)
    findings = [f"step {k}: 손실 {losses[k]:.4f}, 기울기를 step마다 비우면 {expected[k]:.4f}"
                for k in (0, 2, 10, steps - 1) if k < len(losses)]
    if same:
        advice = ""
    elif handed_out:
        advice = "기울기가 step마다 쌓입니다. backward() 전에 optimizer.zero_grad()로 비웁니다."
    elif len(losses) > 1 and max(losses) - min(losses) < 1e-9:
        advice = ("손실이 전혀 줄지 않습니다. 매개변수가 갱신되지 않습니다. zero_grad()를 "
                  "backward()와 step() 사이에 두면 step()이 비워진 기울기로 갱신합니다.")
    else:
        advice = ("손실이 step마다 기울기를 비운 학습과 다릅니다. zero_grad() → 손실 계산 → "
                  "backward() → step() 순서인지 봅니다.")
    handed_out = handed_out and losses[:2] == expected[:2] and abs(losses[2] - expected[2]) > 0.1
    return Verdict("train", same, findings, advice, {"losses": losses, "expected": expected},
                   as_handed_out=handed_out)
# --8<-- [end:zero-grad-tools]


# --8<-- [start:train]
def train(inputs: torch.Tensor, targets: torch.Tensor, lr: float = 0.1,
          steps: int = 30) -> list[float]:
    """선형 모델 inputs @ weight + bias를 평균 제곱 오차와 SGD로 학습한다.
    inputs (N, F), targets (N,). step마다 갱신 전 손실을 모아 돌려준다."""
    weight = torch.zeros(inputs.shape[1], requires_grad=True)  # (F,)
    bias = torch.zeros(1, requires_grad=True)  # (1,)
    optimizer = torch.optim.SGD([weight, bias], lr=lr)
    losses = []
    for _ in range(steps):
        # BEGIN ANSWER
        optimizer.zero_grad()  # 지난 step의 기울기를 비운다
        # STUDENT STARTS WITH
        # END ANSWER
        loss = ((inputs @ weight + bias - targets) ** 2).mean()
        losses.append(loss.item())
        loss.backward()
        optimizer.step()
    return losses
# --8<-- [end:train]


# --8<-- [start:zero-grad-findings]
@dataclass(frozen=True)
class ZeroGradReport:
    lr: float
    steps: int
    with_zero_grad: list[float]  # step마다 갱신 전 손실
    without_zero_grad: list[float]
    momentum_one: list[float]  # zero_grad를 하고 SGD(momentum=1, dampening=0)로 학습

    def table(self, steps: Iterable[int] = (0, 5, 10, 20, 29)) -> list[tuple[int, float, float]]:
        return [(k, self.with_zero_grad[k], self.without_zero_grad[k]) for k in steps]


def measure_zero_grad(lr: float = 0.1, steps: int = 30) -> ZeroGradReport:
    inputs, targets = make_regression()
    return ZeroGradReport(
        lr=lr,
        steps=steps,
        with_zero_grad=train_variant(inputs, targets, lr, steps, zero_grad=True),
        without_zero_grad=train_variant(inputs, targets, lr, steps, zero_grad=False),
        momentum_one=train_variant(inputs, targets, lr, steps, zero_grad=True, momentum=1.0),
    )


def print_zero_grad(report: ZeroGradReport) -> None:
    print(f"[3] zero_grad 누락 (선형회귀, SGD lr={report.lr})")
    print(f"  {'step':>4}  {'with':>8}  {'without':>8}")
    for step, with_zero, without in report.table():
        print(f"  {step:4d}  {with_zero:8.4f}  {without:8.4f}")


def plot_zero_grad(report: ZeroGradReport):
    """zero_grad 유무에 따른 손실 곡선. matplotlib Figure를 돌려준다."""
    import matplotlib.pyplot as plt

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
    fig.set_label(f"선 그래프 '{ax.get_title()}', 손실 축은 로그 눈금. "
                  f"step 0~{report.steps - 1}의 손실(MSE): "
                  f"zero_grad 있음 {_span(report.with_zero_grad)}; "
                  f"zero_grad 없음 {_span(report.without_zero_grad)}.")
    return fig
# --8<-- [end:zero-grad-findings]


# ---------------------------------------------------------------------------
# 보고서
# ---------------------------------------------------------------------------


def print_report(leak: LeakReport, inplace: InplaceReport, zero_grad: ZeroGradReport) -> None:
    print_leak(leak)
    print_inplace(inplace)
    print_zero_grad(zero_grad)


def check_all() -> list[Verdict]:
    """이 모듈의 네 함수를 점검한다(풀이라면 모두 통과, 학생용 버전이라면 모두 아직)."""
    return [check_evaluate(evaluate), check_softmax(softmax),
            check_normalize(normalize_batches), check_train(train)]


def main() -> None:
    print_report(measure_detach_leak(), measure_inplace(), measure_zero_grad())


if __name__ == "__main__":
    main()
