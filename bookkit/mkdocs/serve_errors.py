"""A rebuild that fails under ``serve``: the reason on every failure, and a banner on the pages.

MkDocs' server holds every request while the last rebuild failed ("The server will appear stuck
until build errors are resolved"): a browser spins with no message. :func:`guard_rebuilds`
wraps the server's ``builder`` (what ``on_serve`` hands a plugin): a failed rebuild logs its
reason each time, puts a banner naming the error at the top of every page of the last good site
and lets the server go on, so the browser reloads and shows it. The next good build takes the
banners away (pages a ``--dirty`` rebuild does not write again included).
"""

from __future__ import annotations

import html
import logging
import re
from pathlib import Path

log = logging.getLogger("mkdocs.plugins.bookkit")
START, END = "<!-- bookkit-build-error -->", "<!-- /bookkit-build-error -->"
_BANNER = re.compile(re.escape(START) + ".*?" + re.escape(END), re.DOTALL)
_BODY = re.compile(r"<body[^>]*>")
MAX_REASONS = 8


class _Collect(logging.Handler):
    """The warnings and errors MkDocs and the plugins log during one build."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def banner(reasons: list[str]) -> str:
    items = "".join(f"<li><code>{html.escape(reason)}</code></li>" for reason in reasons)
    return (f'{START}<div class="bookkit-build-error" role="alert"><p><strong>빌드 실패.</strong> '
            "아래를 고쳐 저장하면 다시 빌드합니다. 지금 보이는 것은 마지막으로 성공한 빌드입니다."
            f"</p><ul>{items}</ul></div>{END}")


def mark_pages(site: Path, reasons: list[str] | None) -> int:
    """Put the banner for ``reasons`` on every page of ``site`` (None: take it away). How many
    pages changed."""
    changed = 0
    new = banner(reasons) if reasons else ""
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        plain = _BANNER.sub("", text)
        marked = _BODY.sub(lambda body: body.group(0) + new, plain, count=1) if new else plain
        if marked != text:
            page.write_text(marked, encoding="utf-8")
            changed += 1
    return changed


def guard_rebuilds(server, site_dir: str) -> None:
    """Wrap ``server.builder`` (:mod:`mkdocs.livereload`) as the module docstring says."""
    build = server.builder
    site = Path(site_dir)
    marked = False  # whether the pages carry a banner now

    def builder(*args, **kwargs):
        nonlocal marked
        collect = _Collect()
        logging.getLogger("mkdocs").addHandler(collect)
        try:
            build(*args, **kwargs)
        except Exception as error:  # noqa: BLE001  (any failure of the build is shown)
            reasons = [*collect.messages, f"{type(error).__name__}: {error}"]
            reasons = [reason for reason in reasons if reason.strip()][-MAX_REASONS:]
            log.error("bookkit: the rebuild failed; the pages keep the last good build, with "
                      "a banner naming the error:\n  %s", "\n  ".join(reasons))
            mark_pages(site, reasons)
            marked = True
        else:
            if marked:
                mark_pages(site, None)
            marked = False
        finally:
            logging.getLogger("mkdocs").removeHandler(collect)

    server.builder = builder
