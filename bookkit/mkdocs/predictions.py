""""예측해 보기": the answer stays folded until the reader has guessed.

A prediction block is an executed fence whose id starts with ``predict-``; its tabs show the
code first and the output on the second tab. The paragraph the page writes right after it
explains the answer, so the build folds that paragraph into a closed "풀이" box
(``??? success``, pymdownx.details): a reader who looks at the code tab does not read the answer
below it. A prediction block with no paragraph right after it stops the build, naming the
page's line.
"""

from __future__ import annotations

import re

_PREDICT = re.compile(r'^(?P<fence>`{3,}|~{3,})python\b.*\bid="predict-[^"]*"')
_NOT_PROSE = re.compile(r"^(#|`{3}|~{3}|\||<|!!!|\?\?\?|===|--8<--|\$\$|\\\[|\*\*예측해 보기)")
TITLE = '??? success "풀이: 답을 정한 뒤 펼칩니다"'


class PredictionError(ValueError):
    pass


def fold_answers(markdown: str, page: str, first_line: int = 1) -> str:
    """``markdown`` with the paragraph after each prediction block folded. ``first_line``:
    the line of the page where ``markdown`` starts (after its front matter)."""
    lines = markdown.splitlines()
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        opened = _PREDICT.match(line)
        out.append(line)
        index += 1
        if not opened:
            continue
        fence, start = opened["fence"], index - 1
        while index < len(lines) and not lines[index].startswith(fence):
            out.append(lines[index])
            index += 1
        if index < len(lines):
            out.append(lines[index])  # the closing fence
            index += 1
        while index < len(lines) and not lines[index].strip():
            index += 1
        paragraph = []
        while index < len(lines) and lines[index].strip():
            paragraph.append(lines[index])
            index += 1
        if not paragraph or _NOT_PROSE.match(paragraph[0]):
            raise PredictionError(
                f"{page}:{first_line + start}: a prediction block (id \"predict-…\") must be "
                "followed by the paragraph that explains its answer (the build folds it)")
        out += ["", TITLE, "", *(f"    {text}" for text in paragraph)]
    return "\n".join(out) + ("\n" if markdown.endswith("\n") else "")
