"""The book carries the syllabus' facts over in its own words.

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
