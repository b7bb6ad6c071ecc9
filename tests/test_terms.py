"""One spelling per concept: the learner pages follow the term tables of docs/conventions.md.

The tables on the conventions page are the single source. Each check reads them from the page and
reports ``file:line`` for every learner page (``docs/**/*.md`` except the conventions page itself
and the glossary, whose entries may name the variants they explain):

- **용어 표기** (``쓰는 말 | 쓰지 않는 말 | 뜻``): the code spans in the second column are spellings
  the prose must not use. Code (fences, inline code), math and link targets are not prose, and an
  English gloss in parentheses right after a Korean word (``보폭(stride)``) is allowed.
- **코드 이름 뒤의 조사** (``코드 | 읽는 법``): a particle right after one of these code spans
  must fit the listed Korean reading (받침 or not; ``로`` after ㄹ).
- Korean text is never set in italics (``*한글*``, ``_한글_``).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CONVENTIONS = DOCS / "conventions.md"
EXEMPT = {CONVENTIONS, DOCS / "glossary.md"}
TERMS_HEADING = "용어 표기"
PARTICLES_HEADING = "코드 이름 뒤의 조사"

HANGUL = "가-힣"
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
INLINE_MATH = re.compile(r"\\\(.*?\\\)|\$\$.*?\$\$|(?<![\\$])\$[^$\n]+?\$")
LINK_TARGET = re.compile(r"\]\([^)\s]*\)")
GLOSS = re.compile(rf"(?<=[{HANGUL}])\([A-Za-z][A-Za-z0-9 ,.'/\-]*\)")
PARTICLE = re.compile(rf"`+([^`]+?)`+(으로|을|를|은|는|이|가|과|와|로)(?![{HANGUL}])")
ITALIC_STAR = re.compile(rf"(?<!\*)\*(?=\S)([^*\n]*?[{HANGUL}][^*\n]*?)(?<=\S)\*(?!\*)")
ITALIC_UNDERSCORE = re.compile(rf"(?<![\w])_(?=\S)([^_\n]*?[{HANGUL}][^_\n]*?)(?<=\S)_(?![\w])")


@dataclass(frozen=True)
class Term:
    use: str
    rejected: tuple[str, ...]
    line: int


def learner_pages() -> list[Path]:
    return sorted(p for p in DOCS.rglob("*.md") if p not in EXEMPT and "assets" not in p.parts)


def learner_code() -> list[Path]:
    """The Python a student reads: page snippets, labs, exercise solutions and their stubs."""
    return sorted(p for folder in ("snippets", "labs") for p in (ROOT / folder).rglob("*.py"))


def code_prose_lines(text: str) -> list[tuple[int, str]]:
    """(line number, text) of the comments and docstrings of Python source: its prose."""
    lines: list[tuple[int, str]] = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            lines.append((token.start[0], token.string.lstrip("#")))
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                if isinstance(body[0].value.value, str):
                    start = body[0].lineno
                    for offset, line in enumerate(body[0].value.value.splitlines()):
                        lines.append((start + offset, line))
    return sorted(lines)


def section_rows(text: str, heading: str) -> list[tuple[int, list[str]]]:
    """The body rows (line number, cells) of the first Markdown table under ``## heading``."""
    lines = text.splitlines()
    try:
        start = lines.index(f"## {heading}")
    except ValueError:
        raise AssertionError(f"{CONVENTIONS}: no '## {heading}' section") from None
    rows: list[tuple[int, list[str]]] = []
    in_table = False
    for number, line in enumerate(lines[start + 1 :], start=start + 2):
        if line.startswith("## "):
            break
        if line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if in_table and not set("".join(cells)) <= set("-: "):
                rows.append((number, cells))
            in_table = True
        elif in_table:
            break
    return rows


def read_terms(text: str) -> list[Term]:
    terms = []
    for number, cells in section_rows(text, TERMS_HEADING):
        rejected = tuple(span for _, span in CODE_SPAN.findall(cells[1]))
        terms.append(Term(cells[0], rejected, number))
    return terms


def read_readings(text: str) -> dict[str, str]:
    readings = {}
    for _, cells in section_rows(text, PARTICLES_HEADING):
        spans = [span for _, span in CODE_SPAN.findall(cells[0])]
        for span in spans:
            readings[span] = cells[1]
    return readings


def prose_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) for every line outside fences, front matter and display math.

    Inline code, math and link targets are left in; callers strip what they must not see.
    """
    out: list[tuple[int, str]] = []
    fence: tuple[str, int] | None = None
    in_math = False
    lines = text.splitlines()
    start = 0
    if lines and lines[0] == "---":  # front matter
        start = lines.index("---", 1) + 1
    for number, line in enumerate(lines[start:], start=start + 1):
        stripped = line.strip()
        if fence is not None:
            char, length = fence
            if re.fullmatch(rf"{re.escape(char)}{{{length},}}", stripped):
                fence = None
            continue
        opening = FENCE.match(line)
        if opening:
            fence = (opening.group(1)[0], len(opening.group(1)))
            continue
        if in_math:
            in_math = not stripped.endswith(("\\]", "$$"))
            continue
        if stripped.startswith(("\\[", "$$")):  # display math: one line, or up to its end
            closed = len(stripped) > 2 and stripped.endswith(("\\]", "$$"))
            in_math = not closed
            continue
        if stripped.startswith("<!--"):
            continue
        out.append((number, line))
    return out


def words_only(line: str) -> str:
    """The line as prose: no code spans, math, link targets or English glosses."""
    line = CODE_SPAN.sub(" ", line)
    line = INLINE_MATH.sub(" ", line)
    line = LINK_TARGET.sub("]", line)
    return GLOSS.sub("", line)


def rejected_pattern(spelling: str) -> re.Pattern[str]:
    if re.fullmatch(r"[A-Za-z][A-Za-z ]*", spelling):  # an English word: whole words only
        return re.compile(rf"(?<![A-Za-z0-9_.\-]){re.escape(spelling)}(?![A-Za-z0-9_\-(=\[])")
    return re.compile(re.escape(spelling))


def term_problems(path: Path, text: str, terms: list[Term]) -> list[str]:
    patterns = [(term, spelling, rejected_pattern(spelling)) for term in terms
                for spelling in term.rejected]
    problems = []
    lines = code_prose_lines(text) if path.suffix == ".py" else prose_lines(text)
    for number, line in lines:
        prose = words_only(line)
        for term, spelling, pattern in patterns:
            if pattern.search(prose):
                problems.append(f"{path}:{number}: '{spelling}' -> '{term.use}' "
                                f"(conventions.md:{term.line}): {line.strip()}")
    return problems


def batchim(reading: str) -> str:
    """'vowel', 'rieul' or 'consonant': how the last Hangul syllable of ``reading`` ends."""
    last = [ch for ch in reading if "가" <= ch <= "힣"][-1]
    final = (ord(last) - ord("가")) % 28
    return "vowel" if final == 0 else "rieul" if final == 8 else "consonant"


FITS = {
    "vowel": {"를", "는", "가", "와", "로"},
    "rieul": {"을", "은", "이", "과", "로"},
    "consonant": {"을", "은", "이", "과", "으로"},
}


def reading_of(code: str, readings: dict[str, str]) -> str | None:
    """The listed reading of ``code``, or of its last dotted part (``layer.weight.shape``)."""
    last = code.rsplit(".", 1)[-1]
    for name in (code, "." + last, last):
        if name in readings:
            return readings[name]
    return None


def particle_problems(path: Path, text: str, readings: dict[str, str]) -> list[str]:
    problems = []
    for number, line in prose_lines(text):
        for match in PARTICLE.finditer(line):
            code, particle = match.groups()
            reading = reading_of(code, readings)
            if reading is not None and particle not in FITS[batchim(reading)]:
                problems.append(f"{path}:{number}: `{code}`{particle} (read '{reading}', "
                                f"see conventions.md): {line.strip()}")
    return problems


def italic_problems(path: Path, text: str) -> list[str]:
    problems = []
    for number, line in prose_lines(text):
        prose = CODE_SPAN.sub(" ", INLINE_MATH.sub(" ", line)).replace("**", "\0")
        for pattern in (ITALIC_STAR, ITALIC_UNDERSCORE):
            for match in pattern.finditer(prose):
                problems.append(f"{path}:{number}: Korean in italics {match.group(0)!r}; "
                                "use bold or plain text")
    return problems


CONVENTIONS_TEXT = CONVENTIONS.read_text(encoding="utf-8")
TERMS = read_terms(CONVENTIONS_TEXT)
READINGS = read_readings(CONVENTIONS_TEXT)
PAGES = learner_pages()


def test_the_tables_are_read_from_the_conventions_page():
    assert len(TERMS) >= 10 and all(term.use for term in TERMS)
    assert sum(len(term.rejected) for term in TERMS) >= 10
    uses = {term.use for term in TERMS}
    assert {"형태", "매개변수", "보폭"} <= uses, uses
    assert READINGS["reshape"] and batchim(READINGS["None"]) == "consonant"


@pytest.mark.parametrize("page", PAGES + learner_code(), ids=lambda p: str(p.relative_to(ROOT)))
def test_pages_use_one_spelling_per_concept(page):
    problems = term_problems(page.relative_to(ROOT), page.read_text(encoding="utf-8"), TERMS)
    assert not problems, "rejected spellings in prose:\n" + "\n".join(problems)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_particles_after_code_names_follow_their_reading(page):
    problems = particle_problems(page.relative_to(ROOT), page.read_text(encoding="utf-8"),
                                 READINGS)
    assert not problems, "particles that do not fit the reading:\n" + "\n".join(problems)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_korean_in_italics(page):
    problems = italic_problems(page.relative_to(ROOT), page.read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems)


# The checks themselves, on small texts: they must find what they are for and nothing else.

SAMPLE_TERMS = [Term("형태", ("모양", "shape"), 1), Term("매개변수", ("파라미터",), 2)]


def test_a_rejected_spelling_in_prose_is_reported_with_its_line():
    text = "---\nkind: chapter\n---\n# 쪽\n\n텐서의 모양을 봅니다.\n"
    assert term_problems(Path("docs/p.md"), text, SAMPLE_TERMS) == [
        "docs/p.md:6: '모양' -> '형태' (conventions.md:1): 텐서의 모양을 봅니다."
    ]


def test_code_math_links_and_glosses_are_not_prose():
    text = (
        "형태(shape)와 `x.shape`, [모델](../파라미터.md), \\( \\text{shape} \\)는 괜찮다.\n"
        "```python\nprint('모양')  # 파라미터\n```\n"
        "````markdown\n```python\n모양\n```\n````\n"
        "\\[\n\\text{shape}\n\\]\n"
        "reshape과 shapes는 다른 낱말이다.\n"
    )
    assert term_problems(Path("p.md"), text, SAMPLE_TERMS) == []


def test_an_english_rejected_word_is_found_as_a_whole_word():
    problems = term_problems(Path("p.md"), "같은 shape으로 만든다.\n", SAMPLE_TERMS)
    assert len(problems) == 1 and "p.md:1: 'shape'" in problems[0]


def test_particles_follow_the_last_syllable_of_the_reading():
    readings = {"reshape": "리셰이프", "None": "논", "mul_": "멀", "shape": "셰이프"}
    text = ("`reshape`을 쓴다. `reshape`를 쓴다. `None`으로 둔다. `mul_`로 고친다. `None`로 둔다.\n"
            "`x.shape`가 맞고 `layer.weight.shape`은 틀리며 `x`이고는 조사가 아니다.\n")
    problems = particle_problems(Path("p.md"), text, readings)
    assert len(problems) == 3
    assert "`reshape`을" in problems[0] and "`None`로" in problems[1]
    assert problems[2].startswith("p.md:2: `layer.weight.shape`은")


def test_korean_italics_are_found_and_bold_is_not():
    text = "일을 *맡긴* 시간, **굵게**, `*코드*`, 2 * 3 * 4, _기울기_ 그리고 *emphasis*.\n"
    problems = italic_problems(Path("p.md"), text)
    assert len(problems) == 2
    assert "*맡긴*" in problems[0] and "_기울기_" in problems[1]


def test_comments_and_docstrings_of_code_are_checked_but_code_is_not():
    source = (
        '"""모듈 설명: shape을 본다."""\n'
        "x_shape = x.shape  # 코드의 shape은 괜찮다: x.shape\n"
        "# 파라미터를 고친다\n"
        "def f(shape=None):\n"
        '    """`shape` 인자는 코드라 괜찮다."""\n'
        '    print("파라미터 수와 shape")  # 출력되는 문자열은 주석도 docstring도 아니다\n'
    )
    problems = term_problems(Path("snippets/a.py"), source, SAMPLE_TERMS)
    assert [p.split(":")[1] for p in problems] == ["1", "2", "3"], problems
