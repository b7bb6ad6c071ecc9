"""The book carries the syllabus' facts over in its own words, and its worked examples with
their printed results.

The syllabus (../shared/seeds) sits beside the repository in CI and in the project's
workspace; elsewhere these tests are skipped.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
WINDOW = 30  # characters of seed prose that may not reappear verbatim

pytestmark = pytest.mark.skipif(not SEEDS.is_dir(), reason=f"no syllabus at {SEEDS}")


def prose(text: str) -> str:
    """Markdown text without code fences and inline code, whitespace collapsed."""
    text = re.sub(r"^[ \t]*(```|~~~).*?^[ \t]*\1[ \t]*$", " ", text, flags=re.S | re.M)
    text = re.sub(r"`[^`]*`", " ", text)
    return re.sub(r"\s+", " ", text)


def seed_windows(seed: str) -> set[str]:
    windows = set()
    for line in seed.splitlines():
        line = re.sub(r"\s+", " ", line.strip())
        if not re.search(r"[가-힣]", line) or line.startswith(("#", "print", "import")):
            continue
        for start in range(0, max(1, len(line) - WINDOW), 5):
            window = line[start : start + WINDOW]
            if len(window) == WINDOW and len(re.findall(r"[가-힣]", window)) >= 8:
                windows.add(window)
    return windows


@pytest.mark.parametrize(
    "page", sorted((ROOT / "docs").rglob("*.md")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_no_seed_sentence_is_copied(page):
    text = prose(page.read_text(encoding="utf-8"))
    copied = [
        window
        for seed in sorted(SEEDS.glob("0*.txt"))
        for window in seed_windows(seed.read_text(encoding="utf-8"))
        if window in text
    ]
    assert not copied, f"{page}: seed prose copied verbatim: {copied[:3]}"


OUTPUTS = ROOT / "tests" / "seed_outputs.tsv"
_TOKEN = re.compile(r"torch\.\w+|-?\d+(?:\.\d*)?(?:e-?\d+)?")


def tokens(text: str) -> list[str]:
    """Numbers (as values: ``2.``, ``2.0`` and ``2`` are one) and torch names, in order."""
    found = []
    for token in _TOKEN.findall(text):
        found.append(token if token.startswith("torch") else f"{float(token):.6g}")
    return found


def contains(haystack: list[str], needle: list[str]) -> bool:
    return any(haystack[i : i + len(needle)] == needle
               for i in range(len(haystack) - len(needle) + 1))


def seed_outputs() -> list[tuple[str, str]]:
    rows = []
    for line in OUTPUTS.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            seed, text = line.split("\t", 1)
            rows.append((seed, text))
    return rows


def test_each_listed_output_is_printed_by_its_seed():
    for seed, text in seed_outputs():
        [path] = SEEDS.glob(f"{seed}_*.txt")
        assert " ".join(text.split()) in " ".join(path.read_text(encoding="utf-8").split()), (
            seed, text)


def test_each_seed_worked_example_is_printed_by_the_book(built_site):
    import json

    manifest = json.loads((built_site.parent / "manifest.json").read_text(encoding="utf-8"))
    outputs = [tokens(block["text"]) for block in manifest["blocks"]]
    missing = [f"{seed}: {text}" for seed, text in seed_outputs()
               if not any(contains(output, tokens(text)) for output in outputs)]
    assert not missing, "no executed output prints these seed results:\n" + "\n".join(missing)


def test_tokens_compare_values_and_names():
    assert tokens("tensor([  2., -20.,  10.])") == tokens("[2.0, -20.0, 10.0]")
    assert contains(tokens("a: torch.int64 b: torch.float32"), tokens("torch.int64 torch.float32"))
    assert not contains(tokens("[2.0, -12.0, 3.0]"), tokens("[2.0, -12.0, 2.0]"))
