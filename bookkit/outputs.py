"""How an executed block's text output is shown: long error messages folded.

PyTorch's error messages can run for several hundred characters (the in-place error with its
hint, ``torch.export``'s partial graph) and the book shows some of them on several pages. In a
block's text output, an error line (``SomeError: ...``) longer than :data:`LONG` characters,
or followed by more than :data:`TAIL` lines before the next blank line, is cut to its first
sentence; the whole message is kept in a folded details block right under the output. Nothing
is dropped: the page holds the full text, one click away.
"""

from __future__ import annotations

import html
import re

LONG = 160
TAIL = 6
_ERROR = re.compile(r"^[A-Z]\w*(Error|Exception|Warning): ")
_SENTENCE_END = re.compile(r"(?<=[.:;!?])\s")


def _first_sentence(line: str, limit: int = 120) -> str:
    """The error line up to the end of its first sentence (or a word near ``limit``), + " …"."""
    prefix = line.index(": ") + 2
    end = next(iter(_SENTENCE_END.finditer(line, prefix)), None)
    if end is not None and end.start() <= limit:
        return line[: end.start()] + " …"
    cut = line.rfind(" ", prefix, limit)
    return line[: cut if cut > prefix else limit] + " …"


def fold_errors(output: str) -> tuple[str, list[str]]:
    """The output with long error messages shortened, and each full message."""
    lines = output.split("\n")
    shown: list[str] = []
    folded: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if not _ERROR.match(line):
            shown.append(line)
            index += 1
            continue
        end = index + 1  # an indented continuation belongs to the message (a graph, a trace)
        while end < len(lines) and lines[end][:1].isspace() and lines[end].strip():
            end += 1
        message = lines[index:end]
        if len(line) > LONG or len(message) - 1 > TAIL:
            shown.append(_first_sentence(line) if len(line) > LONG else line + " …")
            folded.append("\n".join(message))
        else:
            shown += message
        index = end
    return "\n".join(shown), folded


def details(messages: list[str]) -> str:
    """HTML: one folded block per full message (Material styles ``details.note``)."""
    return "".join(
        '<details class="note book-error"><summary>오류 메시지 전체</summary>'
        f"<pre><code>{html.escape(message)}</code></pre></details>"
        for message in messages
    )
