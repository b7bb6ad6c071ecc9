"""contiguous_strides, is_contiguous and view_strides against torch, on many generated tensors."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
# Every test here calls the answer in a process of its own (the strides_module fixture).
pytestmark = pytest.mark.e2e

SETTINGS = settings(max_examples=200, deadline=None)
shapes = st.lists(st.integers(min_value=0, max_value=4), max_size=4).map(tuple)
nonempty_shapes = st.lists(st.integers(min_value=1, max_value=4), max_size=4).map(tuple)


def torch_contiguous_strides(shape) -> tuple[int, ...]:
    return tuple(torch.empty(shape).stride())


@st.composite
def strided(draw, shape_strategy=shapes):
    """(shape, stride) of a real tensor layout: contiguous, permuted, sliced, expanded or random."""
    shape = draw(shape_strategy)
    kind = draw(st.sampled_from(["contiguous", "permuted", "sliced", "expanded", "ones",
                                 "random"]))
    if kind == "contiguous":
        return shape, torch_contiguous_strides(shape)
    if kind == "ones":  # any stride on axes of size 1, e.g. x[:, :, :1].permute(0, 2, 1)
        base = torch_contiguous_strides(shape)
        return shape, tuple(draw(st.integers(0, 20)) if size == 1 else step
                            for size, step in zip(shape, base, strict=True))
    if kind == "permuted":  # e.g. x.t(), x.permute(...)
        order = draw(st.permutations(range(len(shape))))
        base = torch.empty([shape[i] for i in order])
        inverse = sorted(range(len(order)), key=order.__getitem__)
        return shape, tuple(base.permute(*inverse).stride()) if shape else ()
    if kind == "sliced":  # e.g. x[:, ::2]
        steps = [draw(st.integers(1, 3)) for _ in shape]
        base = torch_contiguous_strides([s * k for s, k in zip(shape, steps, strict=True)])
        return shape, tuple(b * k for b, k in zip(base, steps, strict=True))
    if kind == "expanded":  # e.g. x.expand(...): stride 0 on some axes
        base = torch_contiguous_strides(shape)
        return shape, tuple(0 if draw(st.booleans()) else b for b in base)
    return shape, tuple(draw(st.integers(0, 12)) for _ in shape)


def as_tensor(shape, stride) -> torch.Tensor:
    """A tensor with exactly this shape and stride, over a storage just big enough."""
    needed = 1 + sum((n - 1) * s for n, s in zip(shape, stride, strict=True)) if all(shape) else 0
    return torch.arange(float(max(needed, 1))).as_strided(shape, stride)


@st.composite
def new_shapes(draw, numel: int):
    """Shapes to view as: factorizations of numel (valid or not), -1, and broken ones."""
    parts: list[int] = []
    rest = numel
    if numel == 0:
        parts = [0] + draw(st.lists(st.integers(0, 3), max_size=2))
    else:
        while rest > 1 and len(parts) < 4:
            factor = draw(st.sampled_from([d for d in range(2, rest + 1) if rest % d == 0]))
            parts.append(factor)
            rest //= factor
        if rest > 1:
            parts[-1] *= rest
    parts += [1] * draw(st.integers(0, 2))
    parts = list(draw(st.permutations(parts)))
    change = draw(st.sampled_from(["none", "none", "infer", "infer", "wrong", "two-infers"]))
    if parts and change == "infer":
        parts[draw(st.integers(0, len(parts) - 1))] = -1
    elif change == "wrong":
        parts.append(draw(st.integers(2, 3)))
    elif len(parts) >= 2 and change == "two-infers":
        parts[0] = parts[1] = -1
    return tuple(parts)


@st.composite
def view_cases(draw):
    shape, stride = draw(strided())
    numel = 1
    for size in shape:
        numel *= size
    return shape, stride, draw(new_shapes(numel))


def torch_view(shape, stride, new_shape):
    """(shape, stride) of ``x.view(new_shape)``, or None where torch refuses the view."""
    try:
        view = as_tensor(shape, stride).view(new_shape)
    except RuntimeError:
        return None
    return tuple(view.shape), tuple(view.stride())


def strides_that_matter(shape, stride) -> tuple[int, ...]:
    """The strides a view is bound to: those of axes longer than 1, in a tensor with elements.

    Nothing ever moves along an axis of size 1, and an empty tensor has no element to reach, so
    PyTorch may give such axes any stride; the exercise's text says the test leaves them out.
    """
    if 0 in shape:
        return ()
    return tuple(step for size, step in zip(shape, stride, strict=True) if size > 1)


@SETTINGS
@given(shape=shapes)
def test_contiguous_strides(strides_module, shape):
    expected = torch_contiguous_strides(shape)
    result = strides_module.contiguous_strides(shape)
    assert tuple(result) == expected, (
        f"형태 {shape}: {tuple(result)}이 아니라 {expected}입니다. 마지막 축의 보폭은 1이고, "
        "한 축 앞으로 갈 때마다 뒤 축의 크기를 곱합니다 (크기 0인 축은 1로 칩니다)"
    )


@SETTINGS
@given(case=strided())
def test_is_contiguous(strides_module, case):
    shape, stride = case
    expected = as_tensor(shape, stride).is_contiguous()
    result = strides_module.is_contiguous(shape, stride)
    assert result == expected, (
        f"형태 {shape}, 보폭 {stride}: torch는 is_contiguous() == {expected}입니다. "
        "크기 1인 축의 보폭은 무시하고, 원소가 없는 텐서는 연속적입니다"
    )


@SETTINGS
@given(case=view_cases())
def test_view_strides(strides_module, case):
    shape, stride, new_shape = case
    expected = torch_view(shape, stride, new_shape)
    result = strides_module.view_strides(shape, stride, new_shape)
    if expected is None:
        assert result is None, (
            f"x (형태 {shape}, 보폭 {stride}).view({new_shape})는 RuntimeError인데 "
            f"{result}를 돌려주었습니다. 원소 수, -1의 개수, 그리고 새 축이 메모리에서 "
            "이어진 축 묶음(chunk)의 경계를 넘는지 확인하세요"
        )
        return
    view_shape, view_stride = expected
    assert result is not None and len(tuple(result)) == len(view_shape), (
        f"x (형태 {shape}, 보폭 {stride}).view({new_shape})는 형태 {view_shape}의 뷰를 만드는데 "
        f"{result}를 돌려주었습니다. 보폭은 새 형태의 축마다 하나입니다"
    )
    assert strides_that_matter(view_shape, tuple(result)) == strides_that_matter(
        view_shape, view_stride
    ), (
        f"x (형태 {shape}, 보폭 {stride}).view({new_shape})의 보폭은 {view_stride}인데 "
        f"{result}를 돌려주었습니다(크기 1인 축과 원소가 없는 텐서의 보폭은 비교하지 않습니다). "
        "이어진 축 묶음 안에서는 새 보폭이 그 묶음의 가장 안쪽 보폭에 뒤쪽 새 축들의 크기를 곱한 "
        "값입니다"
    )


def test_transpose_example_of_the_chapter(strides_module):
    """x = arange(6).reshape(2, 3); x.t() cannot be flattened with view, x can."""
    assert tuple(strides_module.contiguous_strides((2, 3))) == (3, 1)
    assert strides_module.is_contiguous((2, 3), (3, 1)) is True
    assert strides_module.is_contiguous((3, 2), (1, 3)) is False
    assert strides_module.view_strides((3, 2), (1, 3), (6,)) is None
    assert tuple(strides_module.view_strides((2, 3), (3, 1), (3, 2))) == (2, 1)
    # the page's size-1 axis: base[:, :, :1].permute(0, 2, 1) of a (2, 3, 4) tensor
    assert tuple(strides_module.view_strides((2, 1, 3), (12, 1, 4), (6,)) or ()) == (4,), (
        "크기 1인 축은 건너뜁니다: 형태 (2, 1, 3), 보폭 (12, 1, 4)는 view(6)이 되고 보폭은 (4,)")


#: Layouts where an answer that only knows contiguous tensors goes wrong: a size-1 axis with any
#: stride, slices, permutes, expands, empty and 0-d tensors; (shape, stride, new_shape).
HARD_CASES = [
    ((2, 1, 3), (12, 1, 4), (6,)),  # base[:, :, :1].permute(0, 2, 1) of the page
    ((2, 3), (6, 2), (2, 3, 1)),  # x[:, ::2] with a size-1 axis added
    ((2, 3), (6, 2), (6,)),  # x[:, ::2]: one chunk, 6 = 2 * 3
    ((2, 3), (12, 2), (6,)),  # x[::2, ::2]: two chunks
    ((3, 2), (1, 3), (6,)),  # the transpose
    ((3, 2), (1, 3), (3, 1, 2)),
    ((1, 4), (7, 1), (4,)),
    ((4, 1), (1, 9), (2, 2)),
    ((2, 3), (0, 1), (6,)),  # expand
    ((2, 3), (0, 1), (2, 3, 1)),
    ((4,), (0,), (2, 2)),
    ((2, 2, 2), (4, 1, 2), (2, 4)),
    ((2, 2, 2), (4, 1, 2), (4, 2)),
    ((2, 3, 4), (12, 1, 3), (2, 12)),
    ((2, 3, 4), (1, 8, 2), (-1,)),
    ((2, 0, 3), (3, 3, 1), (0,)),
    ((2, 0, 3), (1, 7, 2), (3, -1)),
    ((), (), (1, 1)),
    ((), (), (-1,)),
    ((1,), (5,), ()),
    ((6,), (2,), (2, -1)),
    ((6,), (2,), (2, 2)),
    ((2, 2), (2, 1), (-1, -1)),
]


def random_cases(count: int, seed: int = 0) -> list[tuple]:
    """Layouts of the kinds ``strided()`` makes, and shapes to view them as, from a fixed seed
    (plain ``random``: one list made once for the process that cannot import torch)."""
    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        shape = tuple(rng.randint(0, 4) for _ in range(rng.randint(0, 4)))
        base = torch_contiguous_strides(shape)
        kind = rng.choice(["contiguous", "permuted", "sliced", "expanded", "ones", "random"])
        if kind == "contiguous":
            stride = base
        elif kind == "ones":
            stride = tuple(rng.randint(0, 20) if size == 1 else step
                           for size, step in zip(shape, base, strict=True))
        elif kind == "permuted":
            order = list(range(len(shape)))
            rng.shuffle(order)
            inverse = sorted(range(len(order)), key=order.__getitem__)
            permuted = torch.empty([shape[i] for i in order]).permute(*inverse) if shape else None
            stride = tuple(permuted.stride()) if shape else ()
        elif kind == "sliced":
            steps = [rng.randint(1, 3) for _ in shape]
            wide = torch_contiguous_strides([s * k for s, k in zip(shape, steps, strict=True)])
            stride = tuple(b * k for b, k in zip(wide, steps, strict=True))
        elif kind == "expanded":
            stride = tuple(0 if rng.random() < 0.5 else b for b in base)
        else:
            stride = tuple(rng.randint(0, 12) for _ in shape)
        numel = 1
        for size in shape:
            numel *= size
        parts = [0] if numel == 0 else []
        rest = numel
        while rest > 1 and len(parts) < 4:
            factor = rng.choice([d for d in range(2, rest + 1) if rest % d == 0])
            parts.append(factor)
            rest //= factor
        parts += [1] * rng.randint(0, 2)
        rng.shuffle(parts)
        change = rng.choice(["none", "none", "infer", "infer", "wrong"])
        if parts and change == "infer":
            parts[rng.randrange(len(parts))] = -1
        elif change == "wrong":
            parts.append(rng.randint(2, 3))
        cases.append((shape, stride, tuple(parts)))
    return cases


def mismatch(case, result) -> str | None:
    """What the answer got wrong on ``case``, by torch's answer, or None."""
    shape, stride, new_shape = case
    strides, contiguous, view = result
    if tuple(strides) != torch_contiguous_strides(shape):
        return (f"contiguous_strides({shape}): {tuple(strides)}, torch는 "
                f"{torch_contiguous_strides(shape)}")
    expected = as_tensor(shape, stride).is_contiguous()
    if contiguous != expected:
        return f"is_contiguous({shape}, {stride}): torch는 {expected}"
    expected_view = torch_view(shape, stride, new_shape)
    if expected_view is None:
        return None if view is None else (
            f"view_strides({shape}, {stride}, {new_shape}): {tuple(view)}, torch는 RuntimeError")
    view_shape, view_stride = expected_view
    if view is None or len(view) != len(view_shape) or strides_that_matter(
            view_shape, tuple(view)) != strides_that_matter(view_shape, view_stride):
        return (f"view_strides({shape}, {stride}, {new_shape}): "
                f"{None if view is None else tuple(view)}, torch는 {view_stride}")
    return None


def test_the_answer_uses_no_torch(strides_module):
    """The exercise decides from shape and stride tuples alone. Every test of this file calls
    the answer in a process that cannot reach torch (``strides_module``, lab_tests/confined.py:
    Landlock lets it read only the standard library and the answer's file), and this one asks
    it the hard layouts and 300 random ones, so an answer that asks torch when it can and
    guesses otherwise is judged by its guesses. Without Landlock, torch is refused by name
    only, and the test warns so."""
    import warnings

    if not strides_module.confined:
        warnings.warn("이 컴퓨터에는 Landlock이 없어 torch를 이름으로만 막았습니다. 답이 이 막음을 "
                      "풀면 torch를 쓸 수 있으므로, torch 없이 풀었는지는 Linux에서 확인됩니다",
                      stacklevel=1)
    cases = HARD_CASES + random_cases(300)
    results = []
    for shape, stride, new_shape in cases:
        view = strides_module.view_strides(shape, stride, new_shape)
        results.append([[int(s) for s in strides_module.contiguous_strides(shape)],
                        strides_module.is_contiguous(shape, stride) is True,
                        None if view is None else [int(s) for s in view]])
    wrong = [problem for case, result in zip(cases, results, strict=True)
             if (problem := mismatch(case, result)) is not None]
    assert not wrong, (
        f"torch를 불러올 수 없는 프로세스에서 {len(cases)}가지 경우 가운데 {len(wrong)}가지가 "
        f"torch와 다릅니다. 첫 경우: {wrong[0]}")

