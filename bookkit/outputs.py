"""How an executed block's text output is shown: long error messages folded.

PyTorch's error messages can run for several hundred characters (the in-place error with its
hint, ``torch.export``'s partial graph) and the book shows some of them on several pages. In a
block's text output, an error line (``SomeError: ...``) longer than :data:`LONG` characters,
or followed by more than :data:`TAIL` lines before the next blank line, is cut to its first
sentence; the whole message is kept in a folded details block right under the output. Nothing
is dropped: the page holds the full text, one click away.

A text output is never Markdown or HTML (:func:`fill_text_output`): markdown-exec renders a
placeholder in the output's code block, and the escaped text replaces it afterwards, so no
line of the output can close the fence, include a file (``--8<--``) or become markup.
"""

from __future__ import annotations

import html
import re
import uuid

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


def placeholder() -> str:
    """A token that Markdown and Pygments leave as it is, to stand for one block's output."""
    return f"bookkitoutput{uuid.uuid4().hex}"


def _line_anchor(prefix: str, number: int) -> str:
    anchor = f"{prefix}-{number}"
    return f'<a id="{anchor}" name="{anchor}" href="#{anchor}"></a>'


def fill_text_output(rendered: str, token: str, output: str) -> str:
    """``rendered`` with the code-block line holding ``token`` replaced by ``output``, escaped.

    Each line of the output gets the line anchor pymdownx gives the token's line (if any), so
    the block looks and copies exactly like a highlighted ``text`` block. Raises ValueError when
    the token is not in ``rendered`` exactly once.
    """
    found = list(re.finditer(r'(?:<a id="([^"<>]*)-(\d+)" name="\1-\2" href="#\1-\2"></a>)?'
                             + re.escape(token), rendered))
    if len(found) != 1:
        raise ValueError(f"the output placeholder appears {len(found)} times in the rendering")
    match = found[0]
    lines = [html.escape(line) for line in output.strip("\n").split("\n")]
    if match.group(1) is not None:
        first = int(match.group(2))
        lines = [_line_anchor(match.group(1), first + n) + line for n, line in enumerate(lines)]
    return rendered[: match.start()] + "\n".join(lines) + rendered[match.end():]


def text_output_html(output: str) -> str:
    """A text output as a standalone code block (the markup pymdownx gives ``text`` blocks)."""
    token = placeholder()
    shell = f'<div class="highlight"><pre><span></span><code>{token}\n</code></pre></div>'
    return fill_text_output(shell, token, output)


def printed_around_markup(output: str) -> str:
    """An ``html="1"`` block's output with the lines it printed before its first tag and after
    its last one (``print`` next to a figure) shown as output, in a ``pre`` of their own, not
    as loose text the page would set like the author's prose."""
    first, last = output.find("<"), output.rfind(">")
    if first < 0:
        before, markup, after = output, "", ""
    else:
        before, markup, after = output[:first], output[first : last + 1], output[last + 1 :]

    def shown(text: str) -> str:
        text = text.strip("\n")
        if not text.strip():
            return ""
        return f'<pre class="book-printed"><code>{html.escape(text)}</code></pre>\n'

    return shown(before) + markup + shown(after)
