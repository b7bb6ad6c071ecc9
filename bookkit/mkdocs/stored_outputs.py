"""markdown-exec's python formatter for one build: every executed block renders its stored
output, nothing runs in MkDocs.

markdown-exec's public ``formatters`` mapping gets :meth:`StoredOutputs.format_python`, which
renders through ``markdown_exec.base_format`` with a ``run`` that only reads the stored output
of the block (:class:`bookkit.mkdocs.book.Book`). A block that printed something leaves a
mark in the page's HTML, which :meth:`StoredOutputs.take_marks` takes out in
``on_page_content``: after the build, :meth:`StoredOutputs.unrendered_blocks` names every
executed block of a rendered markdown page whose output did not reach its HTML.
"""

from __future__ import annotations

import logging
import re
import secrets

import markdown_exec
from markupsafe import Markup
from mkdocs.exceptions import PluginError

from bookkit import sanitize
from bookkit.exec.capture import WARNS_OPTION
from bookkit.exec.engine import Outcome
from bookkit.exec.units import Block
from bookkit.mkdocs.book import Book
from bookkit.outputs import (
    details,
    fill_text_output,
    fold_errors,
    placeholder,
    printed_around_markup,
)

log = logging.getLogger("mkdocs.plugins.bookkit")

MEASUREMENT_NOTE = (
    '<p class="book-measurement">이 출력은 측정값입니다. 다시 실행하거나 다시 기록하면 '
    "달라집니다.</p>"
)


def _same_code(a: str, b: str) -> bool:
    return [line.rstrip() for line in a.strip().splitlines()] == [
        line.rstrip() for line in b.strip().splitlines()
    ]


class StoredOutputs:
    """The stored outputs of ``book``'s blocks as markdown-exec renders them, and which of them
    reached their page's HTML."""

    def __init__(self, book: Book) -> None:
        self.book = book
        self.blocks: dict[tuple[str, str], tuple[Block, Outcome]] = {
            (page.name, block.id): (block, book.outcomes[unit.name])
            for page in book.pages.values() for unit in book.units.get(page.name, ())
            if unit.name in book.outcomes for block in unit.blocks
        }
        self.page: str | None = None  # the page markdown-exec renders now
        self.shown: set[str] = set()  # pages whose markdown was rendered
        self.rendered: set[tuple[str, str]] = set()  # (page, id) shown with output
        self.nonce = secrets.token_hex(8)  # no page can forge a mark

    def install(self) -> None:
        """Make this build's formatter markdown-exec's for python fences."""
        markdown_exec.formatters["python"] = self.format_python
        markdown_exec.formatters["py"] = self.format_python

    def begin(self, page: str) -> None:
        """The page ``page`` (its name) is rendered now."""
        self.page = page
        self.shown.add(page)

    def run_stored(self, code: str, returncode=None, session=None, id=None,  # noqa: A002
                   **extra) -> str:  # noqa: ARG002
        """markdown-exec's ``run`` for python fences: the block's stored output."""
        if not self.book.execute:
            return ""
        found = self.blocks.get((self.page or "", id or ""))
        if found is None:
            raise PluginError(f"{self.page}: executed block {id!r} is not part of any unit")
        block, outcome = found
        if not _same_code(code, block.code):
            raise PluginError(
                f"{block.label}: markdown-exec received other code than the block's includes "
                "expand to; check the --8<-- lines"
            )
        return outcome.outputs[block.id]

    def format_python(self, **kwargs) -> Markup:
        """The python formatter: render the stored output and mark the block as executed.

        A long error message in a text output shows its first sentence, the whole message
        folded under the block (:mod:`bookkit.outputs`). A block the page declares a
        measurement gets a short note under its output. A text output is never Markdown:
        markdown-exec renders a placeholder in its code block, which the escaped output then
        replaces.
        """
        folded: list[str] = []
        text = bool(kwargs.get("result")) and not kwargs.get("html")  # text outputs only
        token = placeholder()
        shown: list[str] = []

        def run(code: str, **options) -> str:
            output = self.run_stored(code, **options)
            if text and output:
                output, messages = fold_errors(output)
                folded.extend(messages)
                shown.append(output)
                return token
            if kwargs.get("html"):
                self._allowed_markup(output, kwargs.get("id"))
                return sanitize.clean(printed_around_markup(output))
            return output

        # warns= is the engine's (bookkit.exec.capture); markdown-exec would write an option it
        # does not know into the rendered source's fence.
        extra = {k: v for k, v in kwargs.get("extra", {}).items() if k != WARNS_OPTION}
        html = markdown_exec.base_format(language="python", run=run, **{**kwargs, "extra": extra})
        if not text and not kwargs.get("html"):  # Markdown: its HTML, as the page will show it
            self._allowed_markup(str(html), kwargs.get("id"))
            html = Markup(sanitize.clean(str(html)))
        if shown:
            try:
                html = Markup(fill_text_output(str(html), token, shown[0]))
            except ValueError as error:
                raise PluginError(
                    f"{self.page} (block {kwargs.get('id')!r}): {error}") from error
        if folded:
            html = html + Markup(details(folded))
        return html + Markup(self._rendered(kwargs.get("id", "")))

    def _allowed_markup(self, markup: str, block_id: str | None) -> None:
        """Fail the build when an output holds markup outside the allowlist (bookkit.sanitize)."""
        problems = sanitize.removed(markup)
        if problems:
            found = self.blocks.get((self.page or "", block_id or ""))
            where = found[0].label if found else f"{self.page} (block {block_id!r})"
            message = (f"{where}: its output holds markup that is not allowed: "
                       + "; ".join(problems[:5]))
            log.error(message)  # pymdownx's superfences drops a formatter's exception
            raise PluginError(message)

    def _rendered(self, block_id: str) -> str:
        """The measurement note and the rendered mark of a block that printed something.

        The mark is taken out of the page's HTML by :meth:`take_marks`, which remembers the
        block as shown: only output that reached the page's HTML counts (a fence that Markdown
        turned into an indented code block gets its output rendered, then dropped).
        """
        found = self.blocks.get((self.page or "", block_id))
        if not found or not found[1].outputs.get(found[0].id, "").strip():
            return ""
        measured = self.book.measurements.get(self.page, frozenset())
        note = MEASUREMENT_NOTE if found[0].id in measured else ""
        return note + f"<!--bookkit-rendered {self.nonce} {found[0].id}-->"

    def take_marks(self, html: str) -> str:
        """``on_page_content``: the page's HTML without the marks, its blocks remembered."""
        marks = re.compile(rf"<!--bookkit-rendered {self.nonce} ([a-z0-9-]+)-->")
        self.rendered |= {(self.page, block_id) for block_id in marks.findall(html)}
        self.page = None
        return marks.sub("", html)

    def unrendered_blocks(self, kept_pages: bool) -> list[str]:
        """The executed blocks of markdown pages that were not rendered with their output.

        Every block whose page was rendered must have its output in the page's HTML (a fence
        markdown-exec never saw or whose output Markdown dropped, or a block that printed
        nothing, fails). A page with executed blocks that was not rendered at all fails too,
        unless ``kept_pages`` (``serve --dirty`` kept its page from the last build).
        """
        problems = []
        for page in self.book.pages.values():
            blocks = self.book.blocks(page.name)
            if page.is_notebook or not blocks:
                continue
            if page.name not in self.shown:
                if not kept_pages:
                    problems.append(f"{page.name}: has executed blocks but was not rendered")
                continue
            problems += [f"{block.label}: executed block rendered no output" for block in
                         blocks.values() if (page.name, block.id) not in self.rendered]
        return problems
