""""예측해 보기": the paragraph that explains a prediction is folded until the reader opens it
(bookkit/mkdocs/predictions.py); it was once a plain paragraph right under the code tab."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bookkit.mkdocs.predictions import TITLE, PredictionError, fold_answers

ROOT = Path(__file__).resolve().parent.parent
FENCE = '```python exec="on" id="predict-sum" source="tabbed-left" tabs="코드|실행 결과"\n'


def test_the_paragraph_after_a_prediction_is_folded_and_the_next_one_is_not():
    page = (f"**예측해 보기.** 합은?\n\n{FENCE}print(1 + 1)\n```\n\n"
            "답은 2입니다.\n둘째 줄.\n\n다음 문단.\n")
    folded = fold_answers(page, "docs/p.md")
    assert f"```\n\n{TITLE}\n\n    답은 2입니다.\n    둘째 줄.\n\n다음 문단.\n" in folded
    plain = '```python exec="on" id="sum"\nprint(1)\n```\n\n설명.\n'
    assert fold_answers(plain, "docs/p.md") == plain


def test_a_prediction_without_its_explanation_names_the_line():
    with pytest.raises(PredictionError, match=r"docs/p\.md:5: a prediction block"):
        fold_answers(f"{FENCE}print(1)\n```\n\n## 다음 절\n", "docs/p.md", first_line=5)


def test_every_prediction_on_the_site_has_a_folded_answer(built_site):
    missing = []
    for source in sorted((ROOT / "docs").rglob("*.md")):
        wanted = len(re.findall(r'id="predict-', source.read_text(encoding="utf-8")))
        if not wanted:
            continue
        relative = source.relative_to(ROOT / "docs").with_suffix("")
        folder = relative.parent if relative.name == "index" else relative
        built = (built_site / folder / "index.html").read_text(encoding="utf-8")
        shown = len(re.findall(r'<details class="success">\s*<summary>풀이', built))
        if shown != wanted:
            missing.append(f"{relative}: {wanted} predictions, {shown} folded answers")
    assert not missing, missing
