"""sgd_step and fit_line against torch.optim.SGD, on generated parameters and data."""

from __future__ import annotations

import importlib
import os
import sys
import threading

import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from torch.overrides import TorchFunctionMode

SETTINGS = settings(max_examples=80, deadline=None)
shapes = st.lists(st.integers(1, 4), max_size=3).map(tuple)


@st.composite
def parameter_sets(draw):
    """(values, grads): 1 to 4 parameters, some without a gradient (grad None)."""
    seed = draw(st.integers(0, 2**16))
    generator = torch.Generator().manual_seed(seed)
    params = []
    for shape in draw(st.lists(shapes, min_size=1, max_size=4)):
        value = torch.randn(shape, dtype=torch.float64, generator=generator)
        has_grad = draw(st.booleans()) or not params
        grad = torch.randn(shape, dtype=torch.float64, generator=generator) if has_grad else None
        params.append((value, grad))
    return params


def make(params) -> list[torch.Tensor]:
    tensors = []
    for value, grad in params:
        tensor = value.clone().requires_grad_(True)
        tensor.grad = None if grad is None else grad.clone()
        tensors.append(tensor)
    return tensors


@SETTINGS
@given(params=parameter_sets(), lr=st.floats(1e-3, 1.0))
def test_sgd_step_matches_torch_sgd(manual_sgd_module, params, lr):
    mine, theirs = make(params), make(params)
    ids = [id(p) for p in mine]
    manual_sgd_module.sgd_step(mine, lr)
    optimizer = torch.optim.SGD(theirs, lr=lr)
    optimizer.step()
    optimizer.zero_grad()  # set_to_none=True
    assert [id(p) for p in mine] == ids
    for index, (got, want) in enumerate(zip(mine, theirs, strict=True)):
        assert torch.allclose(got.detach(), want.detach(), rtol=1e-12, atol=1e-12), (
            f"매개변수 {index}: p - lr * p.grad와 다릅니다 (grad가 None이면 그대로 둡니다)"
        )
        assert got.grad is None, (
            f"매개변수 {index}: 갱신 뒤 .grad는 None이어야 합니다 (zero_grad)"
        )
        assert got.is_leaf and got.requires_grad and got.grad_fn is None, (
            f"매개변수 {index}: 갱신이 그래프에 기록되었습니다. torch.no_grad() 안에서 "
            "제자리(-=)로 고치세요"
        )


def test_sgd_step_updates_the_same_tensor_objects(manual_sgd_module):
    """모델과 옵티마이저는 매개변수 텐서 객체를 들고 있다: 값이 그 객체 안에서 바뀌어야 한다."""
    model = torch.nn.Linear(3, 2)
    weight_before = model.weight.detach().clone()
    model(torch.ones(4, 3)).sum().backward()
    grad = model.weight.grad.clone()
    alias = model.weight.detach()  # shares the weight's memory, as a view of it would
    manual_sgd_module.sgd_step(model.parameters(), lr=0.5)
    assert torch.allclose(model.weight.detach(), weight_before - 0.5 * grad)
    assert torch.equal(alias, model.weight.detach()), (
        "값을 그 자리에서 고쳐야 합니다(p.data = ...처럼 새 메모리로 바꿔 끼우면 "
        "그 메모리를 함께 쓰던 텐서는 옛 값을 봅니다): torch.no_grad() 안에서 p -= lr * p.grad")
    assert model.weight.grad is None and model.bias.grad is None


def reference_fit(x, y, lr, steps) -> list[float]:
    weight = torch.zeros(1, requires_grad=True)
    bias = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([weight, bias], lr=lr)
    losses = []
    for _ in range(steps):
        optimizer.zero_grad()
        loss = ((weight * x + bias - y) ** 2).mean()
        losses.append(loss.item())
        loss.backward()
        optimizer.step()
    return losses


@SETTINGS
@given(n=st.integers(2, 20), slope=st.floats(-3, 3), intercept=st.floats(-3, 3),
       lr=st.floats(0.01, 0.3), steps=st.integers(3, 30), seed=st.integers(0, 2**16))
def test_fit_line_matches_torch_sgd(manual_sgd_module, n, slope, intercept, lr, steps, seed):
    generator = torch.Generator().manual_seed(seed)
    x = torch.randn(n, generator=generator)
    y = slope * x + intercept + 0.1 * torch.randn(n, generator=generator)
    losses = manual_sgd_module.fit_line(x, y, lr=lr, steps=steps)
    expected = reference_fit(x, y, lr, steps)
    assert len(losses) == steps and all(isinstance(v, float) for v in losses), (
        "step마다 갱신 전 손실 하나(.item()으로 꺼낸 float)를 모아야 합니다"
    )
    assert torch.allclose(torch.tensor(losses), torch.tensor(expected), rtol=1e-4, atol=1e-6), (
        f"손실이 torch.optim.SGD와 다릅니다: 기대 {expected[:4]}..., 결과 {losses[:4]}... "
        "(기울기가 쌓이지 않도록 sgd_step이 비우는지, 손실을 갱신 전에 기록하는지 보세요)"
    )


def test_chapter_example(manual_sgd_module):
    """첫걸음 장의 갱신: 손실 x**2, x = 3, 학습률 0.1이면 한 걸음에 x가 0.8배가 된다."""
    x = torch.tensor([3.0], requires_grad=True)
    for expected in (2.4, 1.92, 1.536):
        (x**2).sum().backward()
        manual_sgd_module.sgd_step([x], lr=0.1)
        assert abs(x.item() - expected) < 1e-5 and x.grad is None


class FusedKernels(TorchFunctionMode):
    """Records the fused optimizer kernels called (``torch._fused_sgd_``, ``_fused_adam_``, ...),
    C++ code of the optimizers that no Python file of torch.optim shows."""

    def __init__(self):
        super().__init__()
        self.called: list[str] = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        name = getattr(func, "__name__", "")
        if name.startswith("_fused_"):
            self.called.append(f"torch.{name}")
        return func(*args, **(kwargs or {}))


#: torch.optim's sgd.py (``torch.optim.sgd`` itself is not an attribute of torch.optim)
SGD_MODULE = importlib.import_module("torch.optim.sgd")


def recording(called: list[str], name: str, func):
    """``func``, noting ``name`` in ``called`` whenever it is called (from any thread)."""

    def wrapper(*args, **kwargs):
        called.append(name)
        return func(*args, **kwargs)

    return wrapper


class RecordingPacket:
    """``torch.ops.aten.<name>`` that notes each use (a call or an overload such as
    ``.default``) in ``called``."""

    def __init__(self, called: list[str], name: str, packet):
        self._called, self._name, self._packet = called, name, packet

    def __call__(self, *args, **kwargs):
        self._called.append(self._name)
        return self._packet(*args, **kwargs)

    def __getattr__(self, attribute):
        self._called.append(self._name)
        return getattr(self._packet, attribute)


#: the name, in torch.optim.sgd's globals, of the list that refusing code notes its calls in
NOTES = "_lab_test_refused_calls"


def refusing_code(label: str, freevars: int):
    """Code for a function of torch.optim.sgd that notes ``label`` in the module's ``NOTES``
    list and raises AssertionError, with ``freevars`` free variables (a function's ``__code__``
    can only be swapped for code with as many as its closure has cells)."""
    names = [f"_cell{i}" for i in range(freevars)]
    source = (
        "def outer():\n"
        + "".join(f"    {name} = None\n" for name in names)
        + "    def refuse(*args, **kwargs):\n"
        + (f"        {', '.join(names)}\n" if names else "")
        + f"        {NOTES}.append({label!r})\n"
        + "        raise AssertionError("
        + repr(f"옵티마이저(torch.optim) 없이 p -= lr * p.grad로 직접 갱신합니다. 불린 것: {label}")
        + ")\n"
        + "    return refuse\n")
    namespace: dict = {}
    exec(source, namespace)  # noqa: S102 - code made here from fixed text
    return namespace["outer"]().__code__


def optimizer_code_called(run) -> list[str]:
    """The functions of torch.optim's own files that ``run()`` called, however it reached them
    (an optimizer object, ``torch.optim.sgd.sgd`` or a name imported before the test), and the
    fused optimizer kernels it called (``torch._fused_sgd_`` or ``torch.ops.aten._fused_sgd_``).

    The profiler sees the calls of this thread and of threads started with ``threading``; as
    it can be paused (``sys.setprofile(None)``), ``Optimizer.__init__`` (every optimizer
    object), ``SGD.step`` and the functions of ``torch.optim.sgd`` that do the step are also
    replaced, for the call, by versions that note that they ran; so are ``torch._fused_sgd_``
    and ``torch.ops.aten._fused_sgd_`` (the mode that records fused kernels sees only the
    calls of this thread). A name bound before the test (``from torch.optim.sgd import
    _single_tensor_sgd``) still reaches the original function objects, so their ``__code__`` is
    swapped too, for the call, for code that notes the call and raises AssertionError."""
    folder = os.path.dirname(torch.optim.__file__)
    called = []

    def profile(frame, event, arg):
        if event == "call" and frame.f_code.co_filename.startswith(folder):
            called.append(f"{os.path.basename(frame.f_code.co_filename)}:{frame.f_code.co_name}")

    patched = [(torch.optim.Optimizer, "__init__", "Optimizer.__init__"),
               (torch.optim.SGD, "step", "SGD.step")]
    patched += [(SGD_MODULE, name, f"torch.optim.sgd.{name}")
                for name in ("sgd", "_single_tensor_sgd", "_multi_tensor_sgd", "_fused_sgd")]
    originals = [(owner, attribute, getattr(owner, attribute)) for owner, attribute, _ in patched]
    originals.append((torch, "_fused_sgd_", torch._fused_sgd_))
    originals.append((torch.ops.aten, "_fused_sgd_", torch.ops.aten._fused_sgd_))
    codes = []  # (function, its own code, refusing code), taken before the wrappers go in
    for name in ("sgd", "_single_tensor_sgd", "_multi_tensor_sgd", "_fused_sgd"):
        function = SGD_MODULE.__dict__.get(name)
        code = getattr(function, "__code__", None)
        if code is None:
            continue
        refusing = refusing_code(f"torch.optim.sgd.{name}", len(code.co_freevars))
        if len(refusing.co_freevars) == len(code.co_freevars):
            codes.append((function, code, refusing))
    kernels = FusedKernels()
    for owner, attribute, label in patched:
        setattr(owner, attribute, recording(called, label, owner.__dict__[attribute]))
    torch._fused_sgd_ = recording(called, "torch._fused_sgd_", torch._fused_sgd_)
    torch.ops.aten._fused_sgd_ = RecordingPacket(called, "torch.ops.aten._fused_sgd_",
                                                 torch.ops.aten._fused_sgd_)
    setattr(SGD_MODULE, NOTES, called)
    threading.setprofile(profile)
    sys.setprofile(profile)
    try:
        for function, _, refusing in codes:
            function.__code__ = refusing
        with kernels:
            run()
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
        for function, code, _ in codes:
            function.__code__ = code
        for owner, attribute, original in originals:
            setattr(owner, attribute, original)
        delattr(SGD_MODULE, NOTES)
    return called + kernels.called


def test_no_optimizer_does_the_step(manual_sgd_module):
    """The exercise writes the step without an optimizer: no code of torch.optim may run."""
    x = torch.tensor([3.0], requires_grad=True)
    (x**2).sum().backward()
    called = optimizer_code_called(lambda: manual_sgd_module.sgd_step([x], lr=0.1))
    assert abs(x.item() - 2.4) < 1e-6
    called += optimizer_code_called(lambda: manual_sgd_module.fit_line(
        torch.tensor([0.0, 1.0]), torch.tensor([1.0, 3.0]), lr=0.1, steps=2))
    assert not called, (
        f"옵티마이저(torch.optim) 없이 p -= lr * p.grad로 직접 갱신합니다. 불린 것: {called[:3]}")
